import { describe, expect, it } from 'vitest';
import { frenchFileSize, frenchNumber, fullName, isYearOrId, quotesHeld } from './format';

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

describe('frenchNumber: a figure as Intl writes it in French, without making a formatter for a whole number', () => {
  it('writes whole numbers digit by digit exactly as Intl.NumberFormat("fr-FR") does', () => {
    const whole = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
    const values = [0, 1, 7, 12, 999, 1000, 1001, 9999, 10_000, 25_000, 123_456, 1_000_000, 3_000_000];
    values.push(987_654_321, Number.MAX_SAFE_INTEGER, -1, -999, -1000, -25_000, -0);
    for (let n = 1; n < 1e15; n = n * 7 + 3) values.push(n, -n);
    for (const n of values) expect(frenchNumber(n), String(n)).toBe(whole.format(n));
    expect(frenchNumber(12_345)).toBe('12\u202f345');
  });

  it('hands any other value to Intl, with at most the decimals asked', () => {
    const one = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
    const whole = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
    for (const n of [0.5, 1.25, 2.5, -2.5, 1234.56, 3.05, 1e21, NaN, Infinity, -Infinity]) {
      expect(frenchNumber(n), String(n)).toBe(whole.format(n));
      expect(frenchNumber(n, 1), String(n)).toBe(one.format(n));
    }
    expect(frenchNumber(1.2, 1)).toBe('1,2');
    expect(frenchNumber(3, 1)).toBe('3');
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

describe('quotesHeld', () => {
  it('holds French quotes to their words', () => {
    expect(quotesHeld('Cité « Chinoise »')).toBe('Cité «\u00a0Chinoise\u00a0»');
    expect(quotesHeld('Cité Fasotex')).toBe('Cité Fasotex');
  });
});

describe('fullName', () => {
  it('writes the family name, then the given names, leaving out what is missing', () => {
    expect(fullName('Nikièma', 'Aïcha Bernadette')).toBe('Nikièma Aïcha Bernadette');
    expect(fullName(' Nikièma ', null)).toBe('Nikièma');
    expect(fullName(undefined, '')).toBe('');
  });
});
