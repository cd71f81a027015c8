import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the ten slowest test files at the end of a run, beside vitest's own report: where the
 * suite's time goes, file by file (the budget: docs/testing.md). A file's time is the whole of its
 * work in its worker: preparing the runner, importing the file and what it imports, its hooks and
 * its tests. The files of one project run two at a time, so the figures add up to more than the run.
 */
export default class SlowestReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    if (testModules.length < 2) return;
    const files = testModules.map((m) => {
      const d = m.diagnostic();
      const total =
        d.prepareDuration + d.environmentSetupDuration + d.setupDuration + d.collectDuration + d.duration;
      return {
        project: m.project.name,
        file: m.relativeModuleId,
        total,
        collect: d.collectDuration,
        tests: d.duration,
      };
    });
    files.sort((a, b) => b.total - a.total);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const width = Math.max(...files.map((f) => f.project.length));
    const lines = files
      .slice(0, 10)
      .map(
        (f) =>
          `  ${s(f.total).padStart(8)}  ${f.project.padEnd(width)}  ${f.file}  (import ${s(f.collect)}, tests ${s(f.tests)})`,
      );
    const sum = files.reduce((n, f) => n + f.total, 0);
    process.stdout.write(
      `\n Les ${Math.min(10, files.length)} fichiers les plus lents (sur ${files.length}, ${s(sum)} en tout) :\n${lines.join('\n')}\n\n`,
    );
  }
}
