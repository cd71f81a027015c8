/**
 * The real server as a child process, started as `npm start` starts it (the bundle
 * dist/server/main.mjs, `node dist/server/main.mjs`, rebuilt first when its sources changed:
 * docs/decisions/013-bundled-server.md), on a free loopback port, with a fresh data folder, and the
 * throw-away PostgreSQL database when one is asked for.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
// Node's flags as `npm start` gives them (read from its start script): bench and production alike.
import { SERVER_NODE_FLAGS } from '../../scripts/deploy/cluster';

const LOOP_MONITOR = fileURLToPath(new URL('./loop-monitor.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUNDLE = path.join(ROOT, 'dist', 'server', 'main.mjs');

let built = false;
/** Builds the server bundle once per run (a few milliseconds when it is up to date). */
function buildServer() {
  if (built) return;
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  built = true;
}

export const ADMIN_USERNAME = 'admin';
/** Known only to this run: the server creates the first admin with it. */
export const ADMIN_PASSWORD = `Bench-${randomBytes(6).toString('hex')}`;
/** One signing secret for every instance of the run: a token made by one is taken by the others. */
export const JWT_SECRET = randomBytes(48).toString('base64url');

/**
 * Limits raised so that the bench measures throughput, not the limiter: every load comes from one
 * loopback address (as students behind one carrier address would), and the default 300 calls a
 * minute per address would answer 429 after the first second.
 */
export const BENCH_LIMITS = {
  PUBLIC_RATE_PER_MINUTE: '1000000',
  SIGNIN_MAX_FAILURES: '1000',
  INE_MAX_FAILURES: '1000',
} as const;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process in bytes (Linux /proc), or null where it cannot be read. */
export function readRss(pid: number | undefined): { rss: number; hwm: number } | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    const rss = kb('VmRSS');
    const hwm = kb('VmHWM');
    return Number.isFinite(rss) ? { rss, hwm } : null;
  } catch {
    return null;
  }
}

/** A database made for this run on the server of BENCH_DATABASE_URL, dropped at the end (unless BENCH_KEEP_DATABASES=1). */
export interface BenchDatabase {
  url: string;
  name: string;
  /** Planner statistics of the busiest tables: were they analysed since the demo load? */
  stats(): Promise<TableStats[]>;
  drop(): Promise<void>;
}

export interface TableStats {
  table: string;
  liveRows: number;
  lastAnalyze: string | null;
  lastAutoAnalyze: string | null;
}

function redact(url: string) {
  return url.replace(/:[^:@/]*@/, ':***@');
}

export async function createPgDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(
      `BENCH_DATABASE_URL (${redact(adminUrl)}) : connexion impossible : ${(err as Error).message}`,
    );
  }
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async stats() {
      const c = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000 });
      await c.connect();
      try {
        const res = await c.query<{ table: string; live: string; la: Date | null; laa: Date | null }>(
          `SELECT relname AS table, n_live_tup AS live, last_analyze AS la, last_autoanalyze AS laa
             FROM pg_stat_user_tables WHERE relname IN ('lit', 'chambre', 'registre_etudiant', 'users', 'rate_counter')
            ORDER BY relname`,
        );
        return res.rows.map((r) => ({
          table: r.table,
          liveRows: Number(r.live),
          lastAnalyze: r.la ? r.la.toISOString() : null,
          lastAutoAnalyze: r.laa ? r.laa.toISOString() : null,
        }));
      } finally {
        await c.end();
      }
    },
    async drop() {
      // BENCH_KEEP_DATABASES=1: kept for a look afterwards (EXPLAIN ANALYZE on the stage's data).
      if (process.env.BENCH_KEEP_DATABASES === '1') {
        console.log(`   base ${name} gardée (BENCH_KEEP_DATABASES=1)`);
        return;
      }
      const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** The server's event-loop delay over a period, ms (about 10 at rest: the sampling step). */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  mean: number;
  /** V8's collections since the previous reading: full (major) and young (minor), their pauses in ms. */
  gc?: { major: number; minor: number; majorMs: number; minorMs: number };
}

export interface BenchServer {
  baseUrl: string;
  port: number;
  pid: number | undefined;
  dataDir: string;
  /** Seconds from spawn to the first healthy answer (migrations and demo data included). */
  startSeconds: number;
  logs: string[];
  child: ChildProcess;
  /** The event-loop delay since the previous call (null when the server does not answer within 5 s). */
  loopDelay(): Promise<LoopDelay | null>;
  stop(): Promise<void>;
}

export interface StartOptions {
  databaseUrl?: string;
  /** Added to (or replacing) the server's environment: e.g. REDIS_URL, DOCUMENTS_STORE for the instances of `season`. */
  env?: Record<string, string>;
  /** Upper bound of the start (migrations and the demo data), in ms. */
  startTimeoutMs?: number;
  /**
   * The port to listen on (otherwise a free one). Only the harness's main server takes BENCH_PORT
   * (bench/run.ts): a stage's own instances, started beside it, each take a free port, so that a
   * run given BENCH_PORT never measures one server for another.
   */
  port?: number;
}

/** Starts the server and waits (bounded) for /service/api/health. Throws with the server's log on failure. */
export async function startServer(opts: StartOptions = {}): Promise<BenchServer> {
  buildServer();
  const port = opts.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cenou-bench-'));
  const logs: string[] = [];
  const started = Date.now();
  const loopFile = path.join(dataDir, 'event-loop.json');
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (Chrome's
  // DevTools, Performance panel, opens it).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...profile, '--import', LOOP_MONITOR, BUNDLE],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: opts.databaseUrl ?? '',
        SMTP_URL: '',
        PUBLIC_URL: baseUrl,
        ADMIN_USERNAME,
        ADMIN_PASSWORD,
        DEMO_DATA: '1',
        TRUST_PROXY: '0',
        LOG_LEVEL: 'warn',
        JWT_SECRET,
        ...BENCH_LIMITS,
        BENCH_LOOP_FILE: loopFile,
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (d: Buffer) => {
    logs.push(String(d));
    if (logs.length > 400) logs.splice(0, logs.length - 400);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        // main.ts forces its own exit after 20 s; past 25 s the bench kills it.
        const timer = sleep(25_000).then(() => 'timeout' as const);
        if ((await Promise.race([exited.then(() => 'exited' as const), timer])) === 'timeout') {
          child.kill('SIGKILL');
          await Promise.race([exited, sleep(5_000)]);
        }
      }
      rmSync(dataDir, { recursive: true, force: true });
    })());

  const loopDelay = async (): Promise<LoopDelay | null> => {
    if (child.exitCode !== null || child.signalCode !== null) return null;
    rmSync(loopFile, { force: true });
    child.kill('SIGUSR2');
    for (let i = 0; i < 100; i++) {
      if (existsSync(loopFile)) {
        try {
          return JSON.parse(readFileSync(loopFile, 'utf8')) as LoopDelay;
        } catch {
          /* being renamed */
        }
      }
      await sleep(50);
    }
    return null;
  };

  const server: BenchServer = {
    baseUrl,
    port,
    pid: child.pid,
    dataDir,
    startSeconds: 0,
    logs,
    child,
    loopDelay,
    stop,
  };
  const deadline = Date.now() + (opts.startTimeoutMs ?? 180_000);
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `le serveur s'est arrêté au démarrage (code ${child.exitCode ?? child.signalCode}) :\n${logs.join('')}`,
        );
      }
      if (Date.now() > deadline) throw new Error(`le serveur n'a pas répondu à temps :\n${logs.join('')}`);
      try {
        const res = await fetch(`${baseUrl}/service/api/health`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) break;
      } catch {
        /* not listening yet */
      }
      await sleep(250);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  server.startSeconds = (Date.now() - started) / 1000;
  return server;
}
