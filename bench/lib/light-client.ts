/**
 * What a visitor's phone downloads, read from the build (dist/web): the entry (index.html, its
 * script, the script's static imports, its modulepreloads and stylesheets) and, for every lazy
 * route chunk, the chunk and the static imports it adds to the entry. Sizes raw, gzip (level 9) and
 * brotli (quality 11), the way scripts/build-web.mjs precompresses them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
  /** Whether the build wrote a .br copy next to it (otherwise it is served uncompressed). */
  precompressed: boolean;
}

export interface BundleTotal {
  files: FileSize[];
  raw: number;
  gzip: number;
  brotli: number;
}

export interface RouteChunk extends BundleTotal {
  route: string;
  chunk: string;
}

export interface FontFile {
  file: string;
  raw: number;
  referencedByEntryCss: boolean;
}

export interface LightClientReport {
  webDir: string;
  /** The entry script of index.html (e.g. `assets/index-XXXX.js`). */
  entryScript: string;
  entry: BundleTotal;
  routes: RouteChunk[];
  fonts: FontFile[];
  /** Every file that ships, in bytes raw. */
  totalRaw: number;
}

const FONT = /\.(woff2?|ttf|otf|eot)$/i;

function sizeOf(webDir: string, rel: string, cache: Map<string, FileSize>): FileSize {
  const hit = cache.get(rel);
  if (hit) return hit;
  const full = path.join(webDir, rel);
  const data = readFileSync(full);
  const s: FileSize = {
    file: rel,
    raw: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    precompressed: existsSync(`${full}.br`),
  };
  cache.set(rel, s);
  return s;
}

/** `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"` (minified ES modules). */
function staticImports(code: string): string[] {
  const out = new Set<string>();
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]*?\s*from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g;
  for (const m of code.matchAll(re)) out.add(m[1]);
  return [...out];
}

/** `import("./x.js")` and `import(\`./x.js\`)`. */
function dynamicImports(code: string): string[] {
  const out = new Set<string>();
  for (const m of code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g)) out.add(m[1]);
  return [...out];
}

/** The file and every file it imports statically, as paths relative to webDir. */
function closure(webDir: string, start: string, seen = new Set<string>()): Set<string> {
  const stack = [start];
  let guard = 0;
  while (stack.length && guard++ < 10_000) {
    const rel = stack.pop()!;
    if (seen.has(rel)) continue;
    seen.add(rel);
    if (!rel.endsWith('.js')) continue;
    const code = readFileSync(path.join(webDir, rel), 'utf8');
    for (const spec of staticImports(code)) {
      const next = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
      if (existsSync(path.join(webDir, next))) stack.push(next);
    }
  }
  return seen;
}

function total(files: FileSize[]): BundleTotal {
  return {
    files,
    raw: files.reduce((a, f) => a + f.raw, 0),
    gzip: files.reduce((a, f) => a + f.gzip, 0),
    brotli: files.reduce((a, f) => a + f.brotli, 0),
  };
}

function walk(dir: string, base: string, out: string[]) {
  for (const e of readdirSync(dir).sort()) {
    const full = path.join(dir, e);
    if (statSync(full).isDirectory()) walk(full, base, out);
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
}

export function analyseLightClient(webDir: string): LightClientReport {
  const indexPath = path.join(webDir, 'index.html');
  if (!existsSync(indexPath))
    throw new Error(`client web introuvable : ${indexPath} (lancer node scripts/build-web.mjs)`);
  const html = readFileSync(indexPath, 'utf8');
  const cache = new Map<string, FileSize>();
  const local = (href: string) => href.replace(/^\//, '').split('?')[0];

  const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => local(m[1]));
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) =>
    local(m[1]),
  );
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => local(m[1]));
  const entrySet = new Set<string>();
  for (const s of [...scripts, ...preloads]) closure(webDir, s, entrySet);
  for (const s of styles) entrySet.add(s);
  const entryFiles = ['index.html', ...[...entrySet].sort()].map((f) => sizeOf(webDir, f, cache));

  // Lazy chunks reachable from the entry (and from the lazy chunks themselves), each with what it adds.
  const routes: RouteChunk[] = [];
  const lazy = new Set<string>();
  const queue = [...entrySet].filter((f) => f.endsWith('.js'));
  const scanned = new Set<string>();
  while (queue.length && scanned.size < 1_000) {
    const rel = queue.pop()!;
    if (scanned.has(rel)) continue;
    scanned.add(rel);
    const code = readFileSync(path.join(webDir, rel), 'utf8');
    for (const spec of dynamicImports(code)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
      if (!existsSync(path.join(webDir, target)) || entrySet.has(target) || lazy.has(target)) continue;
      lazy.add(target);
      queue.push(target);
      for (const dep of closure(webDir, target)) if (dep.endsWith('.js')) queue.push(dep);
    }
  }
  for (const chunk of [...lazy].sort()) {
    const adds = [...closure(webDir, chunk)]
      .filter((f) => !entrySet.has(f))
      .sort((a, b) => (a === chunk ? -1 : b === chunk ? 1 : a.localeCompare(b)));
    const route = path.posix
      .basename(chunk)
      .replace(/-[\w-]{6,}\.js$/, '')
      .replace(/\.js$/, '');
    routes.push({ route, chunk, ...total(adds.map((f) => sizeOf(webDir, f, cache))) });
  }

  const all: string[] = [];
  walk(webDir, webDir, all);
  const shipped = all.filter((f) => !/\.(br|gz)$/.test(f) && !f.startsWith('.') && !f.includes('/.'));
  const entryCss = styles.map((s) => readFileSync(path.join(webDir, s), 'utf8')).join('\n');
  const fonts = shipped
    .filter((f) => FONT.test(f))
    .map((f) => ({
      file: f,
      raw: statSync(path.join(webDir, f)).size,
      referencedByEntryCss: entryCss.includes(path.posix.basename(f)),
    }));
  return {
    webDir,
    entryScript: scripts[0] ?? '',
    entry: total(entryFiles),
    routes,
    fonts,
    totalRaw: shipped.reduce((a, f) => a + statSync(path.join(webDir, f)).size, 0),
  };
}

/** The student's routes and the lazy page chunk each loads after the entry (src/web/app/registry.tsx). */
export const STUDENT_ROUTE_CHUNKS = [
  { path: '/', chunk: 'HomePage' },
  { path: '/connexion', chunk: 'LoginPage' },
  { path: '/inscription', chunk: 'RegistrationPage' },
  { path: '/depot', chunk: 'DepotPage' },
  // The student's own dashboard (staff roles get StaffDashboardPage on the same path).
  { path: '/tableau-de-bord', chunk: 'DashboardPage' },
  // The room choice: a slot of students opens it at once (bench/lib/room-choice.ts).
  { path: '/choix-chambre', chunk: 'ChoixChambrePage' },
] as const;

export interface RouteWeight {
  path: string;
  chunk: string;
  /** Whether the build holds that chunk (false: the weight is the entry's alone). */
  found: boolean;
  jsGzip: number;
  cssGzip: number;
  jsBrotli: number;
  cssBrotli: number;
}

/** What a phone downloads first on each student route: the entry plus the route's chunk and its imports, JS and CSS apart. */
export function studentRouteWeights(report: LightClientReport): RouteWeight[] {
  return STUDENT_ROUTE_CHUNKS.map(({ path: p, chunk }) => {
    const route = report.routes.find((r) => r.route === chunk);
    const files = new Map<string, FileSize>();
    for (const f of [...report.entry.files, ...(route?.files ?? [])]) files.set(f.file, f);
    const sum = (ext: string, k: 'gzip' | 'brotli') =>
      [...files.values()].filter((f) => f.file.endsWith(ext)).reduce((a, f) => a + f[k], 0);
    return {
      path: p,
      chunk,
      found: route !== undefined,
      jsGzip: sum('.js', 'gzip'),
      cssGzip: sum('.css', 'gzip'),
      jsBrotli: sum('.js', 'brotli'),
      cssBrotli: sum('.css', 'brotli'),
    };
  });
}
