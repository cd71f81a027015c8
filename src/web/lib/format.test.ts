import { describe, expect, it } from 'vitest';
import { frenchDateTimeLong } from './format';

describe('frenchDateTimeLong: a moment in a sentence', () => {
  it('day, month in words, year, « à 21 h 58 », in Ouagadougou’s time (UTC)', () => {
    expect(frenchDateTimeLong(new Date('2026-11-29T21:58:00Z'))).toBe('29 novembre 2026 à 21\u00a0h\u00a058');
    expect(frenchDateTimeLong(new Date('2026-12-01T08:05:00Z'))).toBe('1er décembre 2026 à 8\u00a0h\u00a005');
    expect(frenchDateTimeLong(new Date('2027-01-01T00:00:00Z'))).toBe('1er janvier 2027 à 0\u00a0h\u00a000');
  });
});
