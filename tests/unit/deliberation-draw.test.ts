import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawKey } from '../../src/domain/ranking';
import { nodeDraw } from '../../src/server/modules/deliberation/compute';

describe("the server's draw key (nodeDraw)", () => {
  it("gives the domain's key (sha256 of seed + INE, lowercase hex), accents and emoji included", () => {
    expect(nodeDraw('banc', 'N01234567890')).toBe(drawKey('banc', 'N01234567890'));
    expect(nodeDraw('', '')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(nodeDraw('graine é', 'Ü😀')).toBe(drawKey('graine é', 'Ü😀'));
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string(), (seed, ine) => {
        expect(nodeDraw(seed, ine)).toBe(drawKey(seed, ine));
      }),
      { numRuns: 300 },
    );
  });
});
