import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import LongFirst, { LONG_FILES } from '../setup/long-first';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('the long files first (tests/setup/long-first.ts)', () => {
  it('lists only files that exist, in the project whose folder holds them', () => {
    for (const [project, files] of Object.entries(LONG_FILES))
      for (const file of Object.keys(files)) {
        expect(existsSync(path.join(ROOT, file)), file).toBe(true);
        expect(
          file.startsWith(`tests/${project}/`) || (project === 'unit' && file.startsWith('src/')),
          file,
        ).toBe(true);
      }
  });

  it('keeps the projects in their order and starts each with its long files, longest first', async () => {
    const project = (name: string, groupOrder: number) => ({
      name,
      config: { root: ROOT, sequence: { groupOrder }, isolate: false },
    });
    const unit = project('unit', 0);
    const api = project('api', 1);
    const e2e = project('e2e', 2);
    const spec = (p: ReturnType<typeof project>, file: string) =>
      ({ project: p, moduleId: path.join(ROOT, file) }) as unknown as TestSpecification;
    const files = [
      spec(e2e, 'tests/e2e/toast.test.ts'),
      spec(e2e, 'tests/e2e/screens.test.ts'),
      spec(api, 'tests/api/health.test.ts'),
      spec(e2e, 'tests/e2e/screens-demo.test.ts'),
      spec(unit, 'tests/unit/logger.test.ts'),
      spec(api, 'tests/api/exports-readback.test.ts'),
    ];
    // No cache of an earlier run, no sizes: what vitest knows of a file it has never seen.
    const cache = { getFileTestResults: () => undefined, getFileStats: () => undefined };
    const ctx = { cache, config: { root: ROOT } };
    const sorted = await new LongFirst(ctx as never).sort(files);
    expect(sorted.map((s) => `${s.project.name} ${path.relative(ROOT, s.moduleId)}`)).toEqual([
      'unit tests/unit/logger.test.ts',
      'api tests/api/exports-readback.test.ts',
      'api tests/api/health.test.ts',
      'e2e tests/e2e/screens-demo.test.ts',
      'e2e tests/e2e/screens.test.ts',
      'e2e tests/e2e/toast.test.ts',
    ]);
  });
});
