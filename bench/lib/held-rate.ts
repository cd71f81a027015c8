const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/**
 * Sessions ended a second, from the times at which they ended (ms): between the end of the first
 * hundredth of them and the end of the last hundredth, so that one session early or late does not
 * move the figure. Arrivals being even, a server that keeps up ends them at the rate they arrive.
 */
export function heldRate(ends: readonly number[]): number {
  if (ends.length < 2) return 0;
  const sorted = [...ends].sort((a, b) => a - b);
  const cut = Math.floor(sorted.length / 100);
  const first = cut;
  const last = sorted.length - 1 - cut;
  return round((last - first) / Math.max(0.001, (sorted[last] - sorted[first]) / 1000));
}
