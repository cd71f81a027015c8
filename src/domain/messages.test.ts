import { describe, expect, it, vi } from 'vitest';
import {
  ETATS_SESSION,
  LISTES_DELIBERATION,
  MOTIFS_RETRAIT,
  REPONSES_OFFRE,
  ROLES,
  STATUTS_DOSSIER,
  STATUTS_SESSION,
} from './enums';
import { enumLabel, enumLabels, fieldEnumLabel } from './messages-labels';

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

describe('texts that state a rule’s value are built from it (limits.ts)', () => {
  it('sizes in the units the limits are set in (decimal)', async () => {
    const { limitKo } = await import('./messages');
    const { frenchFileSize } = await import('./format');
    const plain = (t: string) => t.replace(/\s/g, ' ');
    expect(plain(frenchFileSize(3_000_000))).toBe('3 Mo');
    expect(plain(frenchFileSize(2_500_000))).toBe('2,5 Mo');
    expect(plain(limitKo(3_000_000))).toBe('3 000 Ko');
  });

  it('another value, other texts: nothing restates the value by hand', async () => {
    vi.resetModules();
    vi.doMock('./limits', async (original) => ({
      ...(await original<typeof import('./limits')>()),
      PDF_MAX_BYTES: 5_000_000,
      PASSWORD_MIN_LENGTH: 12,
      INE_MIN_LENGTH: 7,
      INE_MAX_LENGTH: 18,
      GRADE_SCALE: 10,
    }));
    try {
      const { messages: m } = await import('./messages');
      for (const key of ['fichierTaille', 'fichierTropGrand', 'depotIntro', 'justificatifPdf'] as const) {
        expect(m[key].replace(/\s/g, ' '), key).toContain('5 Mo');
        expect(m[key].replace(/\s/g, ' '), key).not.toContain('3 Mo');
      }
      expect(m.fichierTropGrand.replace(/\s/g, ' ')).toContain('5 000 Ko');
      expect(m.motDePasseCourt).toContain('12 caractères');
      expect(m.motDePasseRegle).toContain('12 caractères');
      expect(m.ineFormat).toContain('de 7 à 18');
      expect(m.ineAide).toContain('7 à 18');
      expect(m.moyenneInvalide).toContain('entre 0 et 10');
      expect(m.resultatMoyenne).toContain('/ 10');
      const { home } = await import('../web/features/home/content');
      const { faq } = await import('../web/features/home/faq-content');
      const pages = JSON.stringify({ home, faq }).replace(/\\u00a0|\u00a0/g, ' ');
      expect(pages).toContain('5 Mo');
      expect(pages).not.toMatch(/3 Mo|3.000 Ko/);
    } finally {
      vi.doUnmock('./limits');
      vi.resetModules();
    }
  });
});

describe('counts and the words that agree with them (docs/messages.md#counts)', () => {
  it('0 and 1 take the singular, 2 and more the plural', async () => {
    const { fill, messages } = await import('./messages');
    const { procurationMessages } = await import('./messages-procurations');
    expect(fill(procurationMessages.brouillonCriteres, { n: 1, p: 0 })).toBe(
      '1 critère renseigné, 0 justificatif joint.',
    );
    expect(fill(procurationMessages.brouillonCriteres, { n: 4, p: 2 })).toBe(
      '4 critères renseignés, 2 justificatifs joints.',
    );
    expect(fill(messages.dossiersTrouves, { n: '1\u202f234' })).toBe('1\u202f234 dossiers');
    expect(fill(messages.affectationResultat, { nombre: 1 })).toBe('1 étudiant affecté.');
    // A count not given leaves its placeholders as they are.
    expect(fill('{n} {n|lit|lits}', {})).toBe('{n} {n|lit|lits}');
  });

  it('no catalogue text writes a plural as « (s) »', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('.', import.meta.url);
    const parts = readdirSync(dir).filter((f) => /^messages.*\.ts$/.test(f) && !f.endsWith('.test.ts'));
    expect(parts.length).toBeGreaterThan(5);
    for (const f of parts)
      expect(readFileSync(new URL(f, dir), 'utf8').match(/\p{L}\((s|x)\)/gu) ?? [], f).toEqual([]);
  });
});
