// Loaded into the bench's server (node --import bench/lib/loop-monitor.mjs dist/server/main.mjs):
// measures the server's event-loop delay, so the bench can tell a slow database from a blocked
// process, and counts V8's collections (full and young, with their pauses on the main thread), so
// that a stage's CPU can be told from its garbage collector's (decision 152). On SIGUSR2 it writes
// what it saw since the previous SIGUSR2 to BENCH_LOOP_FILE (JSON, milliseconds) and starts again.
// Nothing else in the server changes.
import { renameSync, writeFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let gc = { major: 0, minor: 0, majorMs: 0, minorMs: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = e.detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gc.major += 1;
        gc.majorMs += e.duration;
      } else if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        gc.minor += 1;
        gc.minorMs += e.duration;
      }
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('SIGUSR2', () => {
    const ms = (ns) => Math.round(ns / 1e5) / 10;
    const snapshot = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      mean: ms(histogram.mean),
      gc: { ...gc, majorMs: Math.round(gc.majorMs * 10) / 10, minorMs: Math.round(gc.minorMs * 10) / 10 },
    };
    histogram.reset();
    gc = { major: 0, minor: 0, majorMs: 0, minorMs: 0 };
    writeFileSync(`${file}.tmp`, JSON.stringify(snapshot));
    renameSync(`${file}.tmp`, file);
  });
}
