// Loaded into the bench's server (node --import bench/lib/loop-monitor.mjs dist/server/main.mjs):
// measures the server's event-loop delay, so the bench can tell a slow database from a blocked
// process. On SIGUSR2 it writes what it saw since the previous SIGUSR2 to BENCH_LOOP_FILE (JSON,
// milliseconds) and starts again. Nothing else in the server changes.
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => Math.round(ns / 1e5) / 10;
    const snapshot = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      mean: ms(histogram.mean),
    };
    histogram.reset();
    writeFileSync(`${file}.tmp`, JSON.stringify(snapshot));
    renameSync(`${file}.tmp`, file);
  });
}
