import { describe, expect, it } from 'vitest';
import { heldRate } from '../../bench/lib/held-rate';

describe('sessions ended a second (the USSD stage)', () => {
  /** `n` sessions ending evenly at `rate` a second from `t0` ms. */
  const even = (n: number, rate: number, t0 = 1_000) =>
    Array.from({ length: n }, (_, i) => t0 + (i * 1000) / rate);

  it('reads the rate at which even sessions end', () => {
    expect(heldRate(even(2000, 200))).toBe(200);
  });

  it('is not moved by one session ending late or early', () => {
    const ends = even(2000, 200);
    ends[ends.length - 1] += 40;
    ends[0] -= 40;
    expect(heldRate(ends)).toBe(200);
  });

  it('falls with a server that falls behind throughout', () => {
    // Every session ends a little later than the one before it asks: 180 a second.
    expect(heldRate(even(2000, 180))).toBe(180);
    // The second half ends at half the rate.
    const slow = [...even(1000, 200), ...even(1000, 100, 1_000 + 5_000)];
    expect(heldRate(slow)).toBeLessThan(140);
  });

  it('counts only the sessions given, in any order; none or one is no rate', () => {
    expect(heldRate([...even(1000, 100)].reverse())).toBe(100);
    expect(heldRate([])).toBe(0);
    expect(heldRate([5])).toBe(0);
  });
});
