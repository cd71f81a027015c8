/**
 * What a page's main thread did during its load, from a Chromium trace (Lighthouse's, kept by
 * `BENCH_LIGHTHOUSE_REPORTS`): each task of more than `--min` ms of CPU (default 4) with its wall
 * time, its CPU time and the events inside it that cost the most CPU (a script's evaluation, a
 * function called from a file, style, layout, paint), then the CPU summed by kind of work and by
 * file, before and after the first contentful paint.
 *
 *   node --import tsx bench/trace-tasks.ts <file.trace.json> [--min 4]
 */
import { readFileSync } from 'node:fs';
import { pageNavigation, type TraceEventLike } from './lib/trace-cpu';

/** A trace event as `lib/trace-cpu.ts` reads it, with what a task's scripts name. */
interface Event extends Omit<TraceEventLike, 'args'> {
  cat?: string;
  args?: { data?: { isLoadingMainFrame?: boolean; url?: string; functionName?: string; frame?: string } };
}

const file = process.argv[2];
if (!file) throw new Error('usage : bench/trace-tasks.ts <trace.json> [--min ms]');
const minAt = process.argv.indexOf('--min');
const minCpu = minAt > 0 ? Number(process.argv[minAt + 1]) : 4;
const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: Event[] } | Event[];
const events = Array.isArray(raw) ? raw : raw.traceEvents;
const nav = pageNavigation(events);
if (!nav) throw new Error('pas de navigationStart');
const onMain = events
  .filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ts >= nav.ts && e.ph === 'X')
  .sort((a, b) => a.ts - b.ts);
const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === nav.pid)?.ts;
const ms = (us: number | undefined) => Math.round((us ?? 0) / 100) / 10;
const short = (u: string | undefined) => (u ? u.replace(/^.*\//, '').slice(0, 40) : '');

const tasks = onMain.filter((e) => e.name === 'RunTask');
const kinds = new Map<string, { before: number; after: number }>();
const add = (key: string, tdur: number, after: boolean) => {
  const k = kinds.get(key) ?? { before: 0, after: 0 };
  if (after) k.after += tdur;
  else k.before += tdur;
  kinds.set(key, k);
};
console.log(
  `navigation → FCP ${fcp ? ms(fcp - nav.ts) : '?'} ms ; ${tasks.length} tâches, CPU ${ms(tasks.reduce((s, t) => s + (t.tdur ?? 0), 0))} ms, mur ${ms(tasks.reduce((s, t) => s + (t.dur ?? 0), 0))} ms`,
);
for (const t of tasks) {
  const end = t.ts + (t.dur ?? 0);
  const inside = onMain.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end);
  // The outermost events of each kind inside the task (a nested call of the same kind not counted twice).
  const top = inside.filter(
    (e) =>
      !inside.some(
        (o) => o !== e && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) && o.dur! > e.dur!,
      ),
  );
  const after = fcp !== undefined && t.ts >= fcp;
  for (const e of top)
    add(`${e.name}${e.args?.data?.url ? ` ${short(e.args.data.url)}` : ''}`, e.tdur ?? 0, after);
  if ((t.tdur ?? 0) / 1000 < minCpu) continue;
  const what = [...top]
    .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
    .slice(0, 4)
    .map(
      (e) =>
        `${e.name}${e.args?.data?.url ? ` ${short(e.args.data.url)}` : ''}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''} ${ms(e.tdur)}`,
    )
    .join(' ; ');
  console.log(
    `  à ${ms(t.ts - nav.ts)} ms${after ? '' : ' (avant FCP)'} : CPU ${ms(t.tdur)} ms, mur ${ms(t.dur)} ms — ${what}`,
  );
}
console.log('CPU par sorte de travail (avant FCP / après) :');
for (const [k, v] of [...kinds.entries()]
  .sort((a, b) => b[1].before + b[1].after - a[1].before - a[1].after)
  .slice(0, 25))
  console.log(`  ${k.padEnd(60)} ${ms(v.before)} / ${ms(v.after)}`);
