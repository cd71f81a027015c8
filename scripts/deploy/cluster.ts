/**
 * The reference deployment on one machine (docs/operations.md#the-reference-deployment): N
 * instances of the built server (`dist/server/main.mjs`) on their own ports, one PostgreSQL, an
 * optional Redis, HAProxy in front; a rolling restart; everything stopped by its PID. Used by
 * `npm run deploy:local` (scripts/deploy-local.ts) and by tests/api/deployment.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fill, messages } from '../../src/domain/messages';
import { HAPROXY, haproxyConfig, HEALTH_PATH, serverStates, type ServerStates } from './haproxy';

export const SERVER_BUNDLE = 'dist/server/main.mjs';
/**
 * Node's flags as `npm start` gives them, read from package.json's start script so that the
 * instances cannot drift from it: libuv's pool of a thread per core (decision 081), the heap's
 * fixed growth (decision 152).
 */
export const SERVER_NODE_FLAGS: string[] = (() => {
  const start = (
    JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: { start: string };
    }
  ).scripts.start;
  const m = /exec node ((?:--\S+\s+)*)dist\/server\/main\.mjs/.exec(start);
  if (!m) throw new Error(`package.json : le script start ne finit pas par « exec node … ${SERVER_BUNDLE} »`);
  return m[1].split(/\s+/).filter(Boolean);
})();
export const REDIS_SERVER = '/usr/bin/redis-server';

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, every 100 ms, for `limitMs` at most; throws `what` after. */
async function until(check: () => Promise<boolean>, limitMs: number, what: string): Promise<void> {
  const end = Date.now() + limitMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(what);
    await sleep(100);
  }
}

/** A database's URL on the same server as `url`. */
export function databaseUrlNamed(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates the database of `url` on its server when it does not exist; says whether it did. */
export async function ensureDatabase(url: string): Promise<boolean> {
  const pg = (await import('pg')).default;
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new pg.Client({ connectionString: databaseUrlNamed(url, 'postgres') });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    return true;
  } finally {
    await admin.end();
  }
}

/** Drops the database of `url` (the connections to it are ended first). */
export async function dropDatabase(url: string): Promise<void> {
  const pg = (await import('pg')).default;
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new pg.Client({ connectionString: databaseUrlNamed(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export interface InstanceState {
  name: string;
  port: number;
  pid: number | undefined;
  log: string;
}

interface Instance extends InstanceState {
  child: ChildProcess | undefined;
  exited: Promise<number | null> | undefined;
}

export interface DeploymentOptions {
  /** The run folder: haproxy.cfg, the logs, each instance's DATA_DIR, the state file. */
  runDir: string;
  instances: number;
  databaseUrl: string;
  /** Shared rate limits (REDIS_URL); unset: each instance counts alone. */
  redisUrl?: string;
  /** Where HAProxy listens. */
  host: string;
  port: number;
  /** The instances' extra environment (ADMIN_PASSWORD, DEMO_DATA, SHUTDOWN_DRAIN_MS…). */
  env?: Record<string, string | undefined>;
  /** HAProxy's health check period (default 500 ms). */
  checkIntervalMs?: number;
  /** How long an instance may take to start (migrations, demo data): default 5 minutes. */
  startLimitMs?: number;
  /** Progress lines, in French (default: none). */
  say?: (line: string) => void;
}

/**
 * N instances behind HAProxy. Every child is started by this object and stopped by its PID; each
 * in its own process group, so that a Ctrl-C in the terminal reaches the script alone, which then
 * stops them in order.
 */
export class Deployment {
  readonly instances: Instance[] = [];
  private haproxy: ChildProcess | undefined;
  private haproxyExited: Promise<unknown> | undefined;
  statsPort = 0;
  private jwtSecret = '';
  private readonly say: (line: string) => void;

  constructor(readonly opts: DeploymentOptions) {
    this.say = opts.say ?? (() => undefined);
  }

  get url(): string {
    return `http://${this.opts.host}:${this.opts.port}`;
  }

  /** Starts the instances (all at once), waits until each answers its health, then HAProxy. */
  async start(): Promise<void> {
    const { runDir } = this.opts;
    mkdirSync(runDir, { recursive: true });
    // One signing key for every instance (a token of one is valid on the others), kept in the run
    // folder so that a rolling restart or the next run keeps the sessions.
    const secretFile = path.join(runDir, 'jwt-secret');
    if (!existsSync(secretFile))
      writeFileSync(secretFile, randomBytes(48).toString('base64url'), { mode: 0o600 });
    this.jwtSecret = readFileSync(secretFile, 'utf8').trim();
    this.statsPort = await freePort();
    for (let i = 0; i < this.opts.instances; i++) {
      const name = `instance${i + 1}`;
      this.instances.push({
        name,
        port: await freePort(),
        pid: undefined,
        log: path.join(runDir, `${name}.log`),
        child: undefined,
        exited: undefined,
      });
    }
    // At once: instances started together on one empty database take turns to migrate and fill it.
    await Promise.all(this.instances.map((instance) => this.launch(instance)));
    await Promise.all(this.instances.map((instance) => this.waitHealthy(instance)));
    const config = haproxyConfig({
      bind: { host: this.opts.host, port: this.opts.port },
      statsPort: this.statsPort,
      backends: this.instances.map((i) => ({ name: i.name, host: '127.0.0.1', port: i.port })),
      checkIntervalMs: this.opts.checkIntervalMs,
    });
    const configFile = path.join(runDir, 'haproxy.cfg');
    writeFileSync(configFile, config);
    const out = openSync(path.join(runDir, 'haproxy.log'), 'a');
    const haproxy = spawn(HAPROXY, ['-db', '-f', configFile], {
      stdio: ['ignore', out, out],
      detached: true,
    });
    closeSync(out);
    this.haproxy = haproxy;
    this.haproxyExited = new Promise((resolve) => haproxy.once('exit', resolve));
    await until(
      async () => {
        if (haproxy.exitCode !== null)
          throw new Error(fill(messages.deploiementHaproxyEchec, { fichier: configFile }));
        const states = await serverStates(this.statsPort);
        return this.instances.every((i) => states[i.name] === 'UP');
      },
      30_000,
      fill(messages.deploiementHaproxyEchec, { fichier: configFile }),
    );
    this.say(fill(messages.deploiementPret, { url: this.url, n: this.instances.length }));
  }

  /** The instance's environment: one database, one secret, the documents in the database. */
  private environment(instance: Instance): NodeJS.ProcessEnv {
    return {
      ...process.env,
      DATABASE_URL: this.opts.databaseUrl,
      ...(this.opts.redisUrl ? { REDIS_URL: this.opts.redisUrl } : {}),
      DOCUMENTS_STORE: 'database',
      JWT_SECRET: this.jwtSecret,
      TRUST_PROXY: '1',
      HOST: '127.0.0.1',
      PORT: String(instance.port),
      PUBLIC_URL: this.url,
      DATA_DIR: path.join(this.opts.runDir, instance.name),
      LOG_FORMAT: 'json',
      ...this.opts.env,
    };
  }

  /** Starts the instance's process (its log appended to `<name>.log`). */
  private async launch(instance: Instance): Promise<void> {
    const out = openSync(instance.log, 'a');
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
      env: this.environment(instance),
      stdio: ['ignore', out, out],
      detached: true,
    });
    closeSync(out);
    instance.child = child;
    instance.pid = child.pid;
    instance.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    this.say(
      fill(messages.deploiementInstanceDemarree, {
        nom: instance.name,
        port: instance.port,
        pid: child.pid ?? '?',
      }),
    );
  }

  /** Waits until the instance answers 200 on its health, directly (not through HAProxy). */
  private async waitHealthy(instance: Instance): Promise<void> {
    await until(
      async () => {
        const child = instance.child;
        if (!child || child.exitCode !== null || child.signalCode !== null)
          throw new Error(
            fill(messages.deploiementInstanceArretee, { nom: instance.name, journal: instance.log }),
          );
        const res = await fetch(`http://127.0.0.1:${instance.port}${HEALTH_PATH}`);
        await res.arrayBuffer();
        return res.status === 200;
      },
      this.opts.startLimitMs ?? 5 * 60_000,
      fill(messages.deploiementInstanceArretee, { nom: instance.name, journal: instance.log }),
    );
  }

  /** Each server's state in HAProxy's statistics. */
  states(): Promise<ServerStates> {
    return serverStates(this.statsPort);
  }

  /** Waits until HAProxy counts the instance as `state` (`UP`, or `DOWN`). */
  async waitState(instance: InstanceState, state: 'UP' | 'DOWN', limitMs = 60_000): Promise<void> {
    await until(
      async () => (await this.states())[instance.name] === state,
      limitMs,
      `${instance.name} ≠ ${state}`,
    );
  }

  /** Sends the signal to the instance's process. */
  signal(instance: InstanceState, signal: NodeJS.Signals): void {
    const found = this.instances.find((i) => i.name === instance.name);
    if (found?.pid !== undefined && found.child?.exitCode === null && found.child.signalCode === null)
      process.kill(found.pid, signal);
  }

  /** Waits for the instance's process to end; its exit code (null: ended by a signal). */
  async exited(instance: InstanceState): Promise<number | null> {
    const found = this.instances.find((i) => i.name === instance.name);
    return (await found?.exited) ?? null;
  }

  /** Starts the instance again (same port, same folder) and waits until HAProxy has it UP. */
  async restart(instance: InstanceState): Promise<void> {
    const found = this.instances.find((i) => i.name === instance.name)!;
    await this.launch(found);
    await this.waitHealthy(found);
    await this.waitState(found, 'UP');
  }

  /**
   * Instance by instance: SIGTERM (it answers 503 to the checks and keeps serving for its drain),
   * wait for its exit, start it again, wait until HAProxy has it UP, then the next one. The others
   * serve meanwhile, so no request is lost. Returns the exit code of each stop (0: a clean stop).
   */
  async rollingRestart(
    opts: { stopping?: (instance: InstanceState) => Promise<void> } = {},
  ): Promise<(number | null)[]> {
    const codes: (number | null)[] = [];
    for (const instance of this.instances) {
      this.say(fill(messages.deploiementRedemarrage, { nom: instance.name }));
      this.signal(instance, 'SIGTERM');
      // What a test checks while the instance drains (its health, HAProxy taking it out).
      await opts.stopping?.(instance);
      const code = await this.exited(instance);
      codes.push(code);
      if (code !== 0)
        this.say(fill(messages.deploiementArretAnormal, { nom: instance.name, code: String(code) }));
      await this.restart(instance);
      this.say(fill(messages.deploiementInstanceRetablie, { nom: instance.name }));
    }
    return codes;
  }

  /**
   * Stops everything this object started, by PID: HAProxy first (no new request), then each
   * instance (SIGTERM; SIGKILL after `limitMs`).
   */
  async stop(limitMs = 30_000): Promise<void> {
    const ending: Promise<unknown>[] = [];
    const stopOne = (child: ChildProcess | undefined, exited: Promise<unknown> | undefined) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
      ending.push((exited ?? Promise.resolve()).finally(() => clearTimeout(timer)));
    };
    stopOne(this.haproxy, this.haproxyExited);
    await Promise.all(ending);
    for (const instance of this.instances) stopOne(instance.child, instance.exited);
    await Promise.all(ending);
  }

  /** What `--rolling-restart` and a person read: the run's state (`etat.json`). */
  describe(): { pid: number; url: string; statsPort: number; instances: InstanceState[] } {
    return {
      pid: process.pid,
      url: this.url,
      statsPort: this.statsPort,
      instances: this.instances.map(({ name, port, pid, log }) => ({ name, port, pid, log })),
    };
  }
}

/** A throw-away Redis (no file written) on a free port, stopped by its PID. */
export async function startRedis(runDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const out = openSync(path.join(runDir, 'redis.log'), 'a');
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', runDir],
    { stdio: ['ignore', out, out], detached: true },
  );
  closeSync(out);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await until(
    () =>
      new Promise<boolean>((resolve) => {
        if (child.exitCode !== null) return resolve(false);
        const socket = net.connect(port, '127.0.0.1');
        socket.on('connect', () => socket.write('PING\r\n'));
        socket.on('data', (d) => {
          socket.destroy();
          resolve(d.toString().startsWith('+PONG'));
        });
        socket.on('error', () => resolve(false));
      }),
    10_000,
    'redis-server',
  );
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
