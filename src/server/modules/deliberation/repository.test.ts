import { describe, expect, it } from 'vitest';
import { parseEntries } from './repository';

describe('parseEntries', () => {
  it('reads the aggregated entries in the order of the types, whatever the order of the text', () => {
    expect(parseEntries('4:15:,3:12:VALIDE,7:2:INJUSTIFIE')).toEqual([
      [3, 12, 'VALIDE'],
      [4, 15, null],
      [7, 2, 'INJUSTIFIE'],
    ]);
    expect(parseEntries('')).toEqual([]);
    expect(parseEntries(null)).toEqual([]);
  });
});
