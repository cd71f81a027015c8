/**
 * Where a screen walk's time goes (tests/helpers/screens.ts), summed per kind of work over a test
 * file: printed at the end of each walk file (screens.test.ts, screens-admin.test.ts,
 * screens-demo.test.ts) with `WALK_TIME=1`, so that a change to the walk is measured by what it cuts, not guessed
 * (docs/testing.md, "Screens as a person sees them"). A sum of `performance.now()` differences:
 * nothing is waited for and nothing is added to the page.
 */
const totals = new Map<string, { ms: number; count: number }>();

/** Runs `fn`, adding its duration to `kind`. */
export async function timed<T>(kind: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    const t = totals.get(kind) ?? { ms: 0, count: 0 };
    t.ms += performance.now() - start;
    t.count += 1;
    totals.set(kind, t);
  }
}

/** One line per kind, longest first, in seconds; empty without `WALK_TIME=1`. */
export function walkTimeReport(title: string): string {
  if (!process.env.WALK_TIME || totals.size === 0) return '';
  const rows = [...totals.entries()].sort((a, b) => b[1].ms - a[1].ms);
  return [
    `Temps du parcours (${title}) :`,
    ...rows.map(([kind, t]) => `  ${kind} : ${(t.ms / 1000).toFixed(1)} s (${t.count} fois)`),
  ].join('\n');
}
