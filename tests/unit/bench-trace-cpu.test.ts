import { describe, expect, it } from 'vitest';
import { mainThreadCpu, type TraceEventLike } from '../../bench/lib/trace-cpu';

const task = (ts: number, dur: number, tdur: number, tid = 1, pid = 10): TraceEventLike => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur,
  tdur,
});

describe('mainThreadCpu', () => {
  it('sums the CPU time of the main thread tasks from the navigation, and their blocking time at 4x', () => {
    const traceEvents: TraceEventLike[] = [
      { name: 'navigationStart', pid: 10, tid: 1, ts: 1_000, args: { data: { isLoadingMainFrame: false } } },
      { name: 'navigationStart', pid: 10, tid: 1, ts: 2_000, args: { data: { isLoadingMainFrame: true } } },
      task(1_500, 90_000, 30_000), // before the main frame's navigation: left out
      task(3_000, 177_000, 7_000), // stretched by the host's load: 7 ms of CPU, 28 at 4x, not long
      task(200_000, 40_000, 20_000), // 80 ms at 4x: long, blocks 30 ms
      task(300_000, 5_000, 1_000),
      task(300_000, 500_000, 400_000, 2), // another thread of the renderer
      task(300_000, 500_000, 400_000, 1, 11), // another process
    ];
    expect(mainThreadCpu({ traceEvents })).toEqual({
      tasks: 3,
      wallMs: 222,
      cpuMs: 28,
      longestCpuMs: 20,
      longTasks: 1,
      cpuBlockingMs: 30,
    });
  });

  it('follows the page’s navigation, not Chromium’s own top-level renderer', () => {
    const traceEvents: TraceEventLike[] = [
      // `--headless=new`'s « WebUI Top Renderer »: a main frame with no address, started first.
      { name: 'navigationStart', pid: 20, tid: 1, ts: 1_000, args: { data: { isLoadingMainFrame: true } } },
      {
        name: 'navigationStart',
        pid: 30,
        tid: 1,
        ts: 2_000,
        args: { data: { isLoadingMainFrame: true, documentLoaderURL: 'http://127.0.0.1:4000/depot' } },
      },
      task(3_000, 10_000, 4_000, 1, 20),
      task(3_000, 30_000, 25_000, 1, 30),
      task(40_000, 10_000, 5_000, 1, 30),
    ];
    expect(mainThreadCpu({ traceEvents })).toMatchObject({ tasks: 2, cpuMs: 30, longestCpuMs: 25 });
  });

  it('answers null without a navigation or without a task', () => {
    expect(mainThreadCpu({ traceEvents: [task(3_000, 10, 10)] })).toBeNull();
    expect(mainThreadCpu({ traceEvents: [{ name: 'navigationStart', pid: 1, tid: 1, ts: 5 }] })).toBeNull();
  });
});
