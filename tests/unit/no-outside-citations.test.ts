import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository stands on its own: code, tests, scripts, benchmarks and docs cite the project's
// own pages (docs/, src/web/README.md), never a document kept outside the repository. A rule worth
// citing is written, in a few words, in the docs page where it belongs (docs/README.md), and the
// comment points there. Public standards (tus, RFCs, WCAG, GSM 03.38, OpenAPI) may be cited.

const ROOT = path.resolve(__dirname, '../..');

/** What is scanned, from the repository's root: these folders, and every file at the root (the
 * configurations: vite.config.ts, vitest.config.ts, package.json, …). */
const SCANNED = [
  'src',
  'tests',
  'scripts',
  'bench',
  'docs',
  '.ci',
  ...readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name),
];
/** Folders never scanned, wherever they are. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);
/** Files never scanned: generated (the web client's API types, npm's lock file), or this test (which
 * names the patterns). */
const SKIPPED_FILES = new Set([
  'src/web/lib/api-types.ts',
  'package-lock.json',
  'tests/unit/no-outside-citations.test.ts',
]);

/** A citation of an outside document. */
const OUTSIDE: RegExp[] = [
  /CONTRACT(\.md| ?§)/,
  /(workflow|administration) specification/i,
  /specification ?§/i,
  /shared\/seeds|\.\.\/shared\//,
];

function files(rel: string): string[] {
  const full = path.join(ROOT, rel);
  const entries = (() => {
    try {
      return readdirSync(full, { withFileTypes: true });
    } catch {
      return null;
    }
  })();
  if (entries === null) return [rel];
  return entries.flatMap((e) => {
    const child = path.posix.join(rel, e.name);
    if (e.isDirectory()) return SKIPPED_DIRS.has(e.name) ? [] : files(child);
    return e.isFile() ? [child] : [];
  });
}

describe('no document outside the repository is cited', () => {
  it('src, tests, scripts, bench, docs, .ci and the files at the root', () => {
    const found: string[] = [];
    let scanned = 0;
    for (const rel of SCANNED.flatMap(files)) {
      if (SKIPPED_FILES.has(rel)) continue;
      const bytes = readFileSync(path.join(ROOT, rel));
      if (bytes.includes(0)) continue; // an image or another binary file
      scanned += 1;
      bytes
        .toString('utf8')
        .split('\n')
        .forEach((line, i) => {
          if (OUTSIDE.some((re) => re.test(line))) found.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(scanned).toBeGreaterThan(100);
    expect(found, `cite the project's own docs instead:\n${found.join('\n')}`).toEqual([]);
  });
});
