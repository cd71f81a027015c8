import { describe, expect, it } from 'vitest';
import { frenchFileSize, isYearOrId } from './format';

const plain = (t: string) => t.replace(/[\s\u202f\u00a0]/g, ' ');

describe('frenchFileSize: one way to write a size', () => {
  it('octets below 1 Ko, whole Ko below 1 Mo, Mo with one decimal above', () => {
    expect(plain(frenchFileSize(1))).toBe('1 octet');
    expect(plain(frenchFileSize(250))).toBe('250 octets');
    expect(plain(frenchFileSize(999))).toBe('999 octets');
    expect(plain(frenchFileSize(1_000))).toBe('1 Ko');
    expect(plain(frenchFileSize(466_000))).toBe('466 Ko');
    expect(plain(frenchFileSize(1_200_000))).toBe('1,2 Mo');
    expect(plain(frenchFileSize(3_000_000))).toBe('3 Mo');
  });

  it('rounds up: a size over a limit never reads as the limit', () => {
    expect(plain(frenchFileSize(465_001))).toBe('466 Ko');
    expect(plain(frenchFileSize(999_001))).toBe('1 Mo');
    expect(plain(frenchFileSize(3_000_400))).toBe('3,1 Mo');
  });

  it('a no-break space before the unit, the unit always « Ko » (never « ko »)', () => {
    expect(frenchFileSize(466_000)).toBe('466\u00a0Ko');
    for (const n of [1, 999, 1_000, 50_000, 999_999, 2_000_000])
      expect(frenchFileSize(n)).not.toMatch(/ko|KB|\bo\b/);
  });
});

describe('isYearOrId: years and identifiers are never grouped by thousands', () => {
  it('years and ids, not counts', () => {
    for (const n of ['anneeDebut', 'anneeBac', 'idDossier', 'idSessionCenou'])
      expect(isYearOrId(n), n).toBe(true);
    for (const n of ['anneesHebergementAnterieures', 'nbLit', 'montantChambre', 'valeurQuota', 'identite'])
      expect(isYearOrId(n), n).toBe(false);
  });
});
