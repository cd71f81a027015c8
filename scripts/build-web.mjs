// Builds the web client into dist/web unless the sources are unchanged since the last build
// (`--force` rebuilds). Then writes .br and .gz copies for @fastify/static's preCompressed.
import { createHash } from 'node:crypto';
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const inputs = ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json'];
function walk(p, out) {
  if (!existsSync(p)) return;
  if (statSync(p).isDirectory()) for (const e of readdirSync(p).sort()) walk(path.join(p, e), out);
  else out.push(p);
}
const files = [];
for (const i of inputs) walk(i, files);
const hash = createHash('sha256');
for (const f of files) hash.update(f).update(readFileSync(f));
const digest = hash.digest('hex');
const stamp = 'dist/web/.build-stamp';
const force = process.argv.includes('--force');
if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) process.exit(0);

console.log('Construction du client web (vite build)…');
execSync('npx vite build --logLevel warn', { stdio: 'inherit' });

const out = [];
walk('dist/web', out);
for (const f of out) {
  if (!/\.(js|css|html|svg|json|txt|ttf|eot|ico|map)$/.test(f)) continue;
  const data = readFileSync(f);
  if (data.length < 1024) continue;
  writeFileSync(`${f}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${f}.gz`, gzipSync(data, { level: 9 }));
}
writeFileSync(stamp, digest);
