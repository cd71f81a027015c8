import { describe, expect, it } from 'vitest';
import { medianRun } from '../../bench/lib/lighthouse-median';

describe('a route’s Lighthouse figure from several runs', () => {
  const run = (performance: number | null, tbtMs: number) => ({ performance, tbtMs });

  it('takes the run of median performance, with its own figures, and keeps every score in order', () => {
    const chosen = medianRun([run(77, 1000), run(94, 210), run(91, 330)]);
    expect(chosen).toEqual({ performance: 91, tbtMs: 330, performanceRuns: [77, 94, 91] });
  });

  it('counts a run Lighthouse could not score as the lowest', () => {
    expect(medianRun([run(null, 0), run(90, 300), run(95, 100)]).performance).toBe(90);
    expect(medianRun([run(null, 0), run(null, 0), run(95, 100)]).performance).toBeNull();
  });

  it('keeps one run as it is, and takes the lower middle of an even number', () => {
    expect(medianRun([run(88, 400)])).toEqual({ performance: 88, tbtMs: 400, performanceRuns: [88] });
    expect(medianRun([run(92, 200), run(80, 800)]).performance).toBe(80);
    expect(() => medianRun([])).toThrow();
  });
});
