/**
 * Where the server's time goes, from a V8 CPU profile written by BENCH_CPU_PROF (one file per
 * server process, named by its pid): self time by package (node_modules/<name>, the server's own
 * bundle, Node's internals, the garbage collector, idle) and the functions with the most self time.
 *
 *   node --import tsx bench/cpuprofile-summary.ts <file.cpuprofile> [top]
 *
 * The profile is of the main thread only: argon2id runs on libuv's threads and shows as idle or
 * waiting here; /proc's CPU time (bench/lib/season.ts) counts it.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

function packageOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:')) return 'node (internals)';
  if (url.includes('dist/server/')) return 'server bundle (src + bundled packages)';
  return url
    .replace(/^file:\/\//, '')
    .split('/')
    .slice(-2)
    .join('/');
}

export function summarise(file: string, top = 25) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) {
    self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byPkg = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const pkg = packageOf(n.callFrame.url, n.callFrame.functionName);
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + us);
    const name = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url ? `${n.callFrame.url.split('/').slice(-1)[0]}:${n.callFrame.lineNumber + 1}` : ''}`;
    byFn.set(name, (byFn.get(name) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  const busy = total - (byPkg.get('(idle)') ?? 0);
  const lines = [
    `${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s not idle`,
    '',
    'self time by package:',
    ...[...byPkg.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([k, v]) => `  ${pct(v)}  ${k}`),
    '',
    `top ${top} functions by self time:`,
    ...[...byFn.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `  ${pct(v)}  ${k}`),
  ];
  return lines.join('\n');
}

if (process.argv[2]) process.stdout.write(`${summarise(process.argv[2], Number(process.argv[3] ?? 25))}\n`);
