import { describe, expect, it } from 'vitest';
import { computeScore, roundScore, type ScoreEntry, type ScoreType } from './score';

// The demo criteria (src/server/seed/content/criteres.ts): the example of docs/score.md.
const TYPES: ScoreType[] = [
  { idTypeCritere: 1, libelleTypeCritere: 'Nationalité', coefficient: 1 },
  { idTypeCritere: 2, libelleTypeCritere: 'Pupille de la Nation', coefficient: 4 },
  { idTypeCritere: 3, libelleTypeCritere: 'Orphelin', coefficient: 3 },
  { idTypeCritere: 4, libelleTypeCritere: 'Handicap', coefficient: 3 },
  { idTypeCritere: 5, libelleTypeCritere: 'Personne déplacée interne (PDI)', coefficient: 3 },
  { idTypeCritere: 6, libelleTypeCritere: 'Profession des parents', coefficient: 2 },
  { idTypeCritere: 7, libelleTypeCritere: 'Indigence', coefficient: 2 },
  { idTypeCritere: 8, libelleTypeCritere: 'Mention au baccalauréat', coefficient: 2 },
  { idTypeCritere: 9, libelleTypeCritere: 'Sportif ou artiste de haut niveau', coefficient: 1 },
];

const entry = (
  idTypeCritere: number,
  libelleCritere: string,
  note: number,
  valeurAnalyse: ScoreEntry['valeurAnalyse'],
): ScoreEntry => ({ idTypeCritere, idCritere: idTypeCritere * 10, libelleCritere, note, valeurAnalyse });

describe('computeScore', () => {
  it('the worked example of docs/score.md', () => {
    const s = computeScore(TYPES, [
      entry(1, 'Burkinabè', 10, 'VALIDE'),
      entry(3, 'Orphelin de père ou de mère', 12, 'VALIDE'),
      entry(6, 'Cultivateur / éleveur', 16, 'INVALIDE'),
      entry(8, 'Bien', 15, 'VALIDE'),
      entry(7, "Certificat d'indigence", 15, 'INJUSTIFIE'),
    ]);
    // 1×10 + 3×12 + 2×15 = 76, over 1+4+3+3+3+2+2+2+1 = 21
    expect(s.total).toBe(76);
    expect(s.diviseur).toBe(21);
    expect(s.moyenne).toBe(76 / 21);
    expect(roundScore(s.moyenne)).toBe(3.62);
    expect(s.lignes.map((l) => [l.compte, l.produit])).toEqual([
      [true, 10],
      [true, 36],
      [false, 0],
      [true, 30],
      [false, 0],
    ]);
    expect(s.lignes[1]).toMatchObject({ libelleTypeCritere: 'Orphelin', coefficient: 3, note: 12 });
  });

  it('an optional criterion never lowers the score (the divisor counts every live type)', () => {
    const base = computeScore(TYPES, [entry(1, 'Burkinabè', 10, 'VALIDE')]);
    const more = computeScore(TYPES, [
      entry(1, 'Burkinabè', 10, 'VALIDE'),
      entry(3, 'Non orphelin', 0, 'VALIDE'),
    ]);
    expect(more.moyenne).toBe(base.moyenne);
    expect(base.moyenne).toBe(10 / 21);
  });

  it('a type with coefficient 0 adds nothing; a type no longer live counts for nothing', () => {
    const types = [...TYPES, { idTypeCritere: 10, libelleTypeCritere: 'Boursier', coefficient: 0 }];
    const s = computeScore(types, [
      entry(1, 'Burkinabè', 10, 'VALIDE'),
      entry(10, 'Boursier', 20, 'VALIDE'),
      { ...entry(99, 'Ancien critère', 20, 'VALIDE'), libelleTypeCritere: 'Type supprimé' },
    ]);
    expect(s.diviseur).toBe(21);
    expect(s.total).toBe(10);
    expect(s.lignes[1]).toMatchObject({ compte: true, coefficient: 0, produit: 0 });
    expect(s.lignes[2]).toMatchObject({ compte: false, coefficient: 0, libelleTypeCritere: 'Type supprimé' });
  });

  it('0 when every coefficient is 0 or there is no type; unanalysed entries do not count', () => {
    expect(computeScore([], [entry(1, 'Burkinabè', 10, 'VALIDE')]).moyenne).toBe(0);
    expect(
      computeScore([{ idTypeCritere: 1, libelleTypeCritere: 'Nationalité', coefficient: 0 }], []).moyenne,
    ).toBe(0);
    expect(computeScore(TYPES, [entry(1, 'Burkinabè', 10, null)]).moyenne).toBe(0);
  });
});

describe('roundScore', () => {
  it('2 decimals, halves away from zero, as written in decimal', () => {
    expect(roundScore(12.345)).toBe(12.35);
    expect(roundScore(1.005)).toBe(1.01);
    expect(roundScore(76 / 21)).toBe(3.62);
    expect(roundScore(10)).toBe(10);
    expect(roundScore(0)).toBe(0);
    expect(roundScore(2 / 3)).toBe(0.67);
  });
});
