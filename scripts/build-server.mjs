// Bundles the server (src/server/main.ts and the project modules it imports; packages stay in
// node_modules) into dist/server/main.mjs with its source map, unless none of the files the last
// build read changed since (`--force` rebuilds). About a quarter of a second when it builds.
// Run the bundle with `node dist/server/main.mjs` (`NODE_OPTIONS=--enable-source-maps` for stack
// traces that name the .ts sources). Why and how: docs/decisions/013-bundled-server.md.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const out = 'dist/server/main.mjs';
const stamp = 'dist/server/.build-stamp';
// Read by every build besides the modules of the bundle: this script, the compiler options, and
// the lock file (esbuild's version, and the packages the bundle imports).
const always = ['scripts/build-server.mjs', 'tsconfig.json', 'package-lock.json'];

function digestOf(files) {
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update(existsSync(f) ? readFileSync(f) : '\0absent');
  return hash.digest('hex');
}

function upToDate() {
  if (!existsSync(stamp) || !existsSync(out) || !existsSync(`${out}.map`)) return false;
  try {
    const { inputs, digest } = JSON.parse(readFileSync(stamp, 'utf8'));
    return Array.isArray(inputs) && digestOf([...always, ...inputs]) === digest;
  } catch {
    return false;
  }
}

if (!process.argv.includes('--force') && upToDate()) process.exit(0);

// esbuild is loaded only when it builds: the check above stays a few milliseconds.
const { build } = await import('esbuild');
const result = await build({
  entryPoints: ['src/server/main.ts'],
  outfile: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // The map points at the .ts files, which stay beside the bundle: no copy of them inside it.
  sourcemap: true,
  sourcesContent: false,
  // A stack trace names our functions as the sources do (esbuild would rename clashing ones).
  keepNames: true,
  charset: 'utf8',
  metafile: true,
  write: false,
  logLevel: 'warning',
});

// Each file is written aside then renamed: a server starting meanwhile reads the old bundle or the
// new one, never half of one. The map first, so that a new bundle never meets an old map.
mkdirSync(path.dirname(out), { recursive: true });
const files = [...result.outputFiles].sort(
  (a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')),
);
for (const file of files) {
  const tmp = `${file.path}.${process.pid}.tmp`;
  writeFileSync(tmp, file.contents);
  renameSync(tmp, file.path);
}
const inputs = Object.keys(result.metafile.inputs).sort();
writeFileSync(stamp, JSON.stringify({ inputs, digest: digestOf([...always, ...inputs]) }));
