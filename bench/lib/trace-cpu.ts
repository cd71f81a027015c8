/**
 * The main thread's work of a page's load in thread CPU time, from a Chromium trace (Lighthouse's
 * own, `artifacts.Trace`). Lighthouse's total blocking time reads each task's wall time, which
 * other processes on a shared host stretch (a task of 7 ms of CPU was seen lasting 177 ms at a load
 * of 28 on two cores); the CPU time is the page's own.
 */
/** What the main thread of a page's load cost in CPU, from a Chromium trace. */
export interface MainThreadCpu {
  /** Tasks from the navigation's start to the trace's end. */
  tasks: number;
  /** Their wall time, ms (what Lighthouse reads; the host's load stretches it). */
  wallMs: number;
  /** Their thread CPU time, ms. */
  cpuMs: number;
  /** The longest task's CPU time, ms. */
  longestCpuMs: number;
  /** Tasks whose CPU time passes 12.5 ms: long tasks (50 ms) once slowed four times as Lighthouse does. */
  longTasks: number;
  /**
   * A blocking time from CPU time: each task's CPU time × 4 (Lighthouse's mobile slowdown), less
   * 50 ms, summed over every task of the load (not only those after the first paint), ms.
   */
  cpuBlockingMs: number;
}

export interface TraceEventLike {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

/**
 * The page's navigation: the main frame's, to an http(s) address when one is (Chromium's own
 * top-level renderer, `--headless=new`'s « WebUI Top Renderer », starts a main frame too, with no
 * address, and was taken for the page's once in six routes: 116 tasks instead of 500).
 */
export function pageNavigation<E extends TraceEventLike>(events: readonly E[]): E | undefined {
  const starts = events.filter((e) => e.name === 'navigationStart');
  const main = starts.filter((e) => e.args?.data?.isLoadingMainFrame);
  return main.find((e) => /^https?:/.test(e.args?.data?.documentLoaderURL ?? '')) ?? main[0] ?? starts[0];
}

/**
 * The main thread's tasks (`RunTask`) of the page's renderer from the navigation's start, in CPU
 * time (`tdur`). The renderer's main thread is the one where the main frame's navigation started.
 */
export function mainThreadCpu(trace: { traceEvents: TraceEventLike[] }): MainThreadCpu | null {
  const nav = pageNavigation(trace.traceEvents);
  if (!nav) return null;
  const tasks = trace.traceEvents.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === nav.pid && e.tid === nav.tid && e.ts >= nav.ts,
  );
  if (!tasks.length) return null;
  const cpu = tasks.map((t) => (t.tdur ?? 0) / 1000);
  const round = (n: number) => Math.round(n);
  return {
    tasks: tasks.length,
    wallMs: round(tasks.reduce((s, t) => s + (t.dur ?? 0) / 1000, 0)),
    cpuMs: round(cpu.reduce((s, c) => s + c, 0)),
    longestCpuMs: round(Math.max(...cpu)),
    longTasks: cpu.filter((c) => c * 4 > 50).length,
    cpuBlockingMs: round(cpu.reduce((s, c) => s + Math.max(0, c * 4 - 50), 0)),
  };
}
