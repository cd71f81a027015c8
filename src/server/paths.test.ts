import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, PROJECT_ROOT, WEB_DIR } from './paths';

describe('run-time paths', () => {
  it('finds the project root from the sources (the bundle: tests/unit/boot.test.ts)', () => {
    const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { name: string };
    expect(pkg.name).toBe('cenou-hebergement');
    expect(existsSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'))).toBe(true);
    expect(WEB_DIR).toBe(path.join(PROJECT_ROOT, 'dist', 'web'));
  });
});
