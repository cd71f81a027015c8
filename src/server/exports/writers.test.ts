import { describe, expect, it } from 'vitest';
import { csvCell, exportFileName } from './writers';

describe('exportFileName', () => {
  it("uses Ouagadougou's time (UTC+0), whatever the process's zone", () => {
    const previous = process.env.TZ;
    try {
      // a zone far from UTC, on a date where its local day differs from Ouagadougou's
      process.env.TZ = 'Pacific/Kiritimati';
      const at = new Date('2026-11-22T23:59:58Z');
      expect(exportFileName('lit', 'csv', at)).toBe('lit_20261122_235958.csv');
      expect(exportFileName('lit', 'xlsx', new Date('2026-01-05T00:00:07Z'))).toBe(
        'lit_20260105_000007.xlsx',
      );
    } finally {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    }
  });

  it('midnight is 00, not 24', () => {
    expect(exportFileName('x', 'csv', new Date('2026-03-01T00:30:00Z'))).toBe('x_20260301_003000.csv');
  });
});

describe('csvCell', () => {
  it('neutralises formulas and quotes separators', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell(1.5)).toBe('1,5');
  });
});
