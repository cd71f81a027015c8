/**
 * A route's Lighthouse figure from several runs (bench/lib/lighthouse.ts): the run of median
 * performance, every run's score kept beside it. A run Lighthouse could not score counts as the
 * lowest; with an even number of runs, the lower of the two middle ones.
 */
export function medianRun<T extends { performance: number | null }>(
  takes: readonly T[],
): T & { performanceRuns: (number | null)[] } {
  if (takes.length === 0) throw new Error('aucun passage de Lighthouse');
  const sorted = [...takes].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
  const chosen = sorted[Math.floor((sorted.length - 1) / 2)];
  return { ...chosen, performanceRuns: takes.map((t) => t.performance) };
}
