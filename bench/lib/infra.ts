/**
 * What the issue-23 stages need around the servers (bench/lib/season.ts, db-cut.ts): CPU time read
 * from /proc (the node servers, HAProxy, Redis, the PostgreSQL backends of the bench's database),
 * a Redis of our own on a free port, HAProxy (Debian's /usr/sbin/haproxy) in front of N instances,
 * and a TCP proxy between a server and PostgreSQL that can cut the database away.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Clock ticks a second of /proc/<pid>/stat's utime and stime (100 on Linux). */
export const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8', timeout: 5_000 }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of one process, in ms, or null when it is gone or unreadable. */
export function cpuMs(pid: number | undefined | null): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of proc(5), numbered from 3 here (state is field 3).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return null;
  }
}

/**
 * On-CPU time of one process, every thread summed, in ns (`/proc/<pid>/task/<tid>/schedstat`: the
 * scheduler's count, to the nanosecond where /proc's utime and stime count 10 ms ticks), or null
 * when it is gone or unreadable. Fine enough to charge one HTTP call.
 */
export function cpuNs(pid: number | undefined | null): number | null {
  if (!pid) return null;
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        /* a thread that ended meanwhile */
      }
    }
    return ns;
  } catch {
    return null;
  }
}

/** CPU time of a set of processes, summed over those readable now. */
export function cpuOf(pids: (number | undefined)[]): number {
  return pids.reduce<number>((a, p) => a + (cpuMs(p) ?? 0), 0);
}

/**
 * The PostgreSQL backends serving one database: a snapshot of each backend's CPU time; the delta
 * between two snapshots counts a backend born in between whole (its life is inside the window) and
 * says how many were lost (ended in between: their CPU since the first snapshot is not counted).
 */
export class PgBackends {
  private client: pg.Client;
  constructor(
    databaseUrl: string,
    private readonly dbName: string,
  ) {
    this.client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  }
  async open() {
    await this.client.connect();
  }
  async snapshot(): Promise<Map<number, number>> {
    const res = await this.client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [this.dbName],
    );
    const out = new Map<number, number>();
    for (const { pid } of res.rows) {
      const ms = cpuMs(pid);
      if (ms !== null) out.set(pid, ms);
    }
    return out;
  }
  /** The backends' pids now (this client's excluded). */
  async pids(): Promise<number[]> {
    const res = await this.client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [this.dbName],
    );
    return res.rows.map((r) => r.pid);
  }
  static delta(before: Map<number, number>, after: Map<number, number>): { ms: number; lost: number } {
    let ms = 0;
    for (const [pid, v] of after) ms += v - (before.get(pid) ?? 0);
    const lost = [...before.keys()].filter((p) => !after.has(p)).length;
    return { ms, lost };
  }
  async close() {
    await this.client.end().catch(() => undefined);
  }
}

export interface Managed {
  pid: number | undefined;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess, cleanup?: () => void) {
  let stopped: Promise<void> | undefined;
  return () =>
    (stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        if ((await Promise.race([exited.then(() => 'ok'), sleep(10_000).then(() => 'late')])) === 'late') {
          child.kill('SIGKILL');
          await Promise.race([exited, sleep(5_000)]);
        }
      }
      cleanup?.();
    })());
}

async function waitPort(port: number, child: ChildProcess, what: string, logs: string[], ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${what} s'est arrêté (${child.exitCode}) : ${logs.join('')}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} n'écoute pas sur ${port} : ${logs.join('')}`);
    await sleep(100);
  }
}

/** A Redis of our own (never the machine's on 6379), no persistence, on a free port. */
export async function startRedis(): Promise<Managed & { url: string }> {
  const port = await freePort();
  const logs: string[] = [];
  const child = spawn(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (d: Buffer) => logs.push(String(d)));
  child.stderr?.on('data', (d: Buffer) => logs.push(String(d)));
  const stop = stopper(child);
  try {
    await waitPort(port, child, 'redis-server', logs);
  } catch (e) {
    await stop();
    throw e;
  }
  return { pid: child.pid, port, child, stop, url: `redis://127.0.0.1:${port}` };
}

/**
 * HAProxy's configuration for N instances: round robin, each instance checked on
 * `GET /service/api/health` every second (out after 3 failures, back after 2 successes; a check may
 * take 10 s on a saturated machine), keep-alive
 * on both sides. Timeouts long enough for a 3 MB proof on a slow link.
 */
export function haproxyConfig(port: number, backends: number[]): string {
  return [
    'global',
    '  maxconn 8000',
    '  nbthread 1',
    'defaults',
    '  mode http',
    '  option http-keep-alive',
    '  timeout connect 5s',
    '  timeout client 300s',
    '  timeout server 120s',
    '  timeout http-keep-alive 300s',
    '  timeout http-request 60s',
    '  timeout check 10s',
    'frontend cenou',
    `  bind 127.0.0.1:${port}`,
    '  maxconn 8000',
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /service/api/health',
    '  http-check expect status 200',
    '  http-reuse safe',
    ...backends.map((p, i) => `  server i${i + 1} 127.0.0.1:${p} check inter 1s fall 3 rise 2`),
    '',
  ].join('\n');
}

/** Debian's HAProxy in the foreground (`-db`), in front of the given ports; ready once every backend is up. */
export async function startHaproxy(
  backends: number[],
  listenPort?: number,
): Promise<Managed & { url: string; config: string }> {
  const port = listenPort ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), 'cenou-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  const config = haproxyConfig(port, backends);
  writeFileSync(file, config);
  const logs: string[] = [];
  const child = spawn('/usr/sbin/haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => logs.push(String(d)));
  child.stderr?.on('data', (d: Buffer) => logs.push(String(d)));
  const stop = stopper(child, () => rmSync(dir, { recursive: true, force: true }));
  try {
    await waitPort(port, child, 'haproxy', logs);
    // Each backend seen up by its check: as many distinct answers as instances would need a
    // header; a short wait of two check intervals is enough (rise 2, inter 1s).
    await sleep(2_500);
    const res = await fetch(`http://127.0.0.1:${port}/service/api/health`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`haproxy : santé ${res.status} ${logs.join('')}`);
  } catch (e) {
    await stop();
    throw e;
  }
  return { pid: child.pid, port, child, stop, url: `http://127.0.0.1:${port}`, config };
}

/**
 * A TCP proxy in front of PostgreSQL: `cut()` closes every connection through it and refuses new
 * ones (as a database that went away), `restore()` accepts them again. The machine's PostgreSQL is
 * never touched.
 */
export class PgCutProxy {
  private server: net.Server | undefined;
  private sockets = new Set<net.Socket>();
  port = 0;
  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}
  async start(port?: number): Promise<void> {
    this.port = port ?? (this.port || (await freePort()));
    const srv = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      this.sockets.add(client);
      this.sockets.add(upstream);
      const end = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      srv.once('error', reject);
      srv.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = srv;
  }
  /** Every connection reset, nothing accepted until `restore`. */
  async cut(): Promise<void> {
    const srv = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (srv) await new Promise<void>((r) => srv.close(() => r()));
  }
  async restore(): Promise<void> {
    await this.start(this.port);
  }
  async stop(): Promise<void> {
    await this.cut();
  }
  /** The database URL through the proxy. */
  url(databaseUrl: string): string {
    const u = new URL(databaseUrl);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }
}
