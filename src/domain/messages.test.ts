import { describe, expect, it } from 'vitest';
import {
  ETATS_SESSION,
  LISTES_DELIBERATION,
  MOTIFS_RETRAIT,
  REPONSES_OFFRE,
  ROLES,
  STATUTS_DOSSIER,
  STATUTS_SESSION,
} from './enums';
import { enumLabel, enumLabels, fieldEnumLabel } from './messages';

describe('enumeration labels, per enumeration', () => {
  it('one value, two meanings: ANALYSE the phase and ANALYSE the dossier status', () => {
    expect(enumLabel('etatSession', 'ANALYSE')).toBe('Analyse');
    expect(enumLabel('statutDossier', 'ANALYSE')).toBe('Analysé');
    expect(fieldEnumLabel('statutDossier', 'DESISTE')).toBe('Désisté');
    expect(fieldEnumLabel('nomCite', 'ANALYSE')).toBe('ANALYSE');
    expect(enumLabel('role', null)).toBe('');
    expect(enumLabel('sexe', 'INCONNU')).toBe('INCONNU');
  });

  it('every value of the enumerations has its label', () => {
    const cases: [keyof typeof enumLabels, readonly string[]][] = [
      ['role', ROLES],
      ['etatSession', ETATS_SESSION],
      ['statutSession', STATUTS_SESSION],
      ['statutDossier', STATUTS_DOSSIER],
      ['listeDeliberation', LISTES_DELIBERATION],
      ['reponse', REPONSES_OFFRE],
      ['motif', MOTIFS_RETRAIT],
    ];
    for (const [name, values] of cases)
      for (const v of values) expect(Object.keys(enumLabels[name]), `${name}.${v}`).toContain(v);
  });
});
