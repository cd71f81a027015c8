import { defineConfig } from 'vitest/config';
import LongFirst from './tests/setup/long-first.ts';

// Three projects: pure unit tests, API tests through the real HTTP stack on a real database
// (PGlite, or PostgreSQL when TEST_DATABASE_URL is set), and browser tests in Debian's Chromium
// against one built server. Timings are never asserted here: speed lives in `npm run bench`.
// The limits are generous (docs/testing.md): a test waits on the event it needs, so a limit only
// ends a test that has already failed, and a loaded machine must not turn into a red run.
// `expect.poll` waits up to PATIENCE_MS (tests/helpers/wait.ts; repeated so that this file imports
// nothing from the tests) instead of vitest's 1 s.
// Raised from 30 s after `npm run test:loaded` on a machine at load 20
// (docs/testing-log.md#a-loaded-run-then-three-green-loaded-passes-2627-november-2026).
const poll = { timeout: 60_000, interval: 50 };

export default defineConfig({
  test: {
    // The ten slowest files are printed at the end of a run (the budget: docs/testing.md).
    reporters: ['default', './tests/setup/slowest-reporter.ts'],
    // Each project starts with its longest files, so that its two workers end together, a fresh
    // clone included (no timings cached yet): tests/setup/long-first.ts.
    sequence: { sequencer: LongFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          // The projects run one after another (unit, api, e2e): two cores are enough for one at a time.
          sequence: { groupOrder: 0 },
          // Two files at once, as in the other projects (vitest's default is one less than the cores:
          // one on the 2-core machine). Each file works in its own temporary folder.
          maxWorkers: 2,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll },
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/global-api.ts'],
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll },
          pool: 'forks',
          maxWorkers: 2,
          // Each worker loads the server's modules once for all its files (each file still builds
          // its own app on its own database): the import cost was a third of the project's time.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/global-e2e.ts'],
          sequence: { groupOrder: 2 },
          testTimeout: 240_000,
          hookTimeout: 300_000,
          expect: { poll },
          pool: 'forks',
          // Two files at once, each worker against its own server and database
          // (tests/setup/global-e2e.ts, E2E_WORKERS): the files of one worker run one after another.
          // `E2E_WORKERS=3` for a measurement (decision 090); the same reading as global-e2e.ts.
          maxWorkers: Math.max(1, Math.floor(Number(process.env.E2E_WORKERS)) || 2),
          isolate: false,
        },
      },
    ],
  },
});
