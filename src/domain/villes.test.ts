import { describe, expect, it } from 'vitest';
import { foldText, villeKey, VILLES_SEED } from './villes';

describe('ville names in files', () => {
  it('match ignoring case, accents, spaces, dashes, underscores and apostrophes', () => {
    expect(villeKey('BOBO_DIOULASSO')).toBe(villeKey('Bobo-Dioulasso'));
    expect(villeKey('FADA_NGOURMA')).toBe(villeKey("Fada N'Gourma"));
    expect(villeKey('ZINIARE')).toBe(villeKey('Ziniaré'));
    expect(villeKey('OUAGADOUGOU2')).toBe(villeKey('Ouagadougou 2'));
  });

  it('are thirteen distinct villes', () => {
    expect(new Set(VILLES_SEED.map((v) => villeKey(v.nom))).size).toBe(13);
    for (const v of VILLES_SEED) expect(villeKey(v.code)).toBe(villeKey(v.nom));
  });

  it('fold text for contains searches', () => {
    expect(foldText('Ouédraogo ÉLÈVE')).toBe('ouedraogo eleve');
  });
});
