import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, per project, longest first: each project starts them first, so that
 * its two workers end together instead of one of them starting a four-minute file when the other
 * has nothing left (docs/decisions/036-system-packages-and-test-budget.md, "The budget").
 *
 * Vitest's own order runs the files that failed or took longest in the last run first, from its
 * cache in node_modules/.vite; a fresh clone has no cache, and then it runs the largest files first,
 * which put the demo's screen walk (a short file) in the middle of the browser tests. Only the
 * order of the seconds below matters. A file listed
 * here that no longer exists fails tests/unit/long-first.test.ts.
 */
export const LONG_FILES: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  // `npm test` on a quiet machine, 1 December 2026 (573 s, docs/testing-log.md), each file's
  // seconds with its set-up; `first-paint` (26 s) was missing and started last, alone at the end.
  // `screens-demo` first: it loads the demo that `demo-network` and `agency-rules` start from.
  e2e: {
    'tests/e2e/screens-demo.test.ts': 133,
    'tests/e2e/screens-admin.test.ts': 75,
    'tests/e2e/demo-network.test.ts': 36,
    'tests/e2e/cite-life.test.ts': 34,
    'tests/e2e/room-choice.test.ts': 30,
    'tests/e2e/admin.test.ts': 28,
    'tests/e2e/first-paint.test.ts': 26,
    'tests/e2e/layout.test.ts': 23,
    'tests/e2e/payments.test.ts': 23,
    'tests/e2e/room-choice-staff.test.ts': 22,
    'tests/e2e/rent.test.ts': 21,
    'tests/e2e/screen-defects.test.ts': 20,
    'tests/e2e/registration.test.ts': 18,
    'tests/e2e/offline.test.ts': 18,
    'tests/e2e/screen-words.test.ts': 17,
    'tests/e2e/shell.test.ts': 16,
    'tests/e2e/screens.test.ts': 15,
  },
  // The project alone on one worker, at load 23 to 27 (29 November).
  unit: {
    'tests/unit/boot.test.ts': 166,
    'tests/unit/storage.test.ts': 89,
    'tests/unit/french-texts.test.ts': 30,
    'tests/unit/api-types.test.ts': 29,
    'tests/unit/table-owners.test.ts': 26,
    'src/domain/agency-rules.test.ts': 24,
    'tests/unit/pdf-writer.test.ts': 20,
  },
  // The loaded run of 26 November (docs/testing.md, "The suite under load"). The files reading the
  // demo (loaded once a run by the first of them, tests/helpers/demo-db.ts): one first, the others
  // after two long files that do not need it, so that no worker waits for the load.
  api: {
    'tests/api/exports-readback.test.ts': 239,
    'tests/api/authorization-matrix.test.ts': 118,
    'tests/api/openapi-fuzz.test.ts': 101,
    'tests/api/backup.test.ts': 100,
    'tests/api/demo.test.ts': 99,
    'tests/api/offers-demo.test.ts': 98,
  },
};

/** Vitest's order (projects one after another, then its cache or the files' sizes), the long files first. */
export default class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const weight = (spec: TestSpecification): number => {
      const relative = spec.moduleId.slice(spec.project.config.root.length).replace(/^\/+/, '');
      return LONG_FILES[spec.project.name]?.[relative] ?? 0;
    };
    const rank = new Map(sorted.map((spec, i) => [spec, i]));
    // Stable within a project: the listed files by their seconds, then the others in vitest's order.
    return [...sorted].sort((a, b) => {
      if (a.project !== b.project) return rank.get(a)! - rank.get(b)!;
      return weight(b) - weight(a) || rank.get(a)! - rank.get(b)!;
    });
  }
}
