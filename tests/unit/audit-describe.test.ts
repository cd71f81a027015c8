import { describe, expect, it } from 'vitest';
import { fullName } from '../../src/domain/format';
import { describeDetail, describeObject } from '../../src/server/audit/describe';

// The audit log names people as every other screen does: the family name, then the given names.

describe('the audit log names an account', () => {
  it('« NOM Prénom (identifiant) », the order of fullName', () => {
    const objet = { nom: 'SAWADOGO', prenom: 'Aïcha Bernadette', userName: 'a.sawadogo' };
    expect(describeObject('users', '12', objet, {})).toBe(
      `${fullName('SAWADOGO', 'Aïcha Bernadette')} (a.sawadogo)`,
    );
    expect(describeObject('users', '12', objet, {})).toBe('SAWADOGO Aïcha Bernadette (a.sawadogo)');
  });

  it('a student named in an entry reads the same way', () => {
    const objet = { nom: 'KABORÉ', prenom: 'Issa', ine: 'N00123456789', reference: 'DOS-1' };
    expect(describeObject('dossier', '3', objet, {})).toContain('KABORÉ Issa (INE N00123456789)');
  });

  it('an account without names is named by its identifier', () => {
    expect(describeObject('users', '12', { nom: '', prenom: null, userName: 'agent.x' }, {})).toBe(
      'agent.x (agent.x)',
    );
  });
});

describe('an analysis names each criterion once', () => {
  it('« Type : critère », the type alone when both share their name, old entries too', () => {
    const detail = {
      valeurs: { '1': 'VALIDE', '2': 'INJUSTIFIE', '3': 'VALIDE' },
      libelles: {
        '1': 'Pupille de la Nation : Pupille de la Nation',
        '2': 'Mention au baccalauréat\u00a0: Très bien',
        '3': 'Handicap',
      },
    };
    const resume = describeDetail('ANALYSER', 'dossier', detail);
    expect(resume).not.toContain('Pupille de la Nation : Pupille de la Nation');
    expect(resume).toContain('Pupille de la Nation\u00a0: Valide');
    expect(resume).toContain('Mention au baccalauréat\u00a0: Très bien\u00a0: ');
    expect(resume).toContain('Handicap\u00a0: Valide');
  });
});
