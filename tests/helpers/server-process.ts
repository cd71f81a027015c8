import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { API_BASE } from '../../src/domain/api';
import { PATIENCE_MS } from './wait';

/** The server bundle as `npm start` runs it (docs/decisions/013-bundled-server.md). */
export const SERVER_BUNDLE = 'dist/server/main.mjs';

/** Builds the bundle (skipped by the script when up to date). */
export function buildServer(): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
}

/** A server started as a process, stopped by the test by its PID. */
export class ServerProcess {
  private child: ChildProcess | undefined;
  /** Its whole log, every start included. */
  log = '';

  constructor(
    readonly port: number,
    readonly env: Record<string, string>,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts it and waits for its `prêt sur` line (or fails with its log if it exits first). */
  async start(): Promise<void> {
    const child = spawn(process.execPath, [SERVER_BUNDLE], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(this.port), LOG_LEVEL: 'info', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let out = '';
    const ready = `prêt sur http://127.0.0.1:${this.port}/`;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`server not ready:\n${out}`)), 2 * PATIENCE_MS);
      const seen = (d: Buffer) => {
        out += d.toString();
        this.log += d.toString();
        if (out.includes(ready)) done();
      };
      const exited = () => done(new Error(`server exited:\n${out}`));
      const done = (err?: Error) => {
        clearTimeout(timer);
        child.off('exit', exited);
        if (err) reject(err);
        else resolve();
      };
      child.stdout!.on('data', seen);
      child.stderr!.on('data', seen);
      child.once('exit', exited);
    });
  }

  /** Sends `signal` (SIGKILL: as a crash) and waits for the exit. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
    this.child = undefined;
  }

  /** A call of the API (`campus/…`, `campus-auth/…`) or any path (`/service/…`); never throws on a status. */
  async api(
    method: string,
    url: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: Buffer } = {},
  ): Promise<{ statusCode: number; headers: Record<string, string>; body: string; json(): unknown }> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | Uint8Array | undefined;
    if (opts.raw) body = new Uint8Array(opts.raw);
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(`${this.base}${url.startsWith('/') ? url : `${API_BASE}/${url}`}`, {
      method,
      headers,
      body: body as BodyInit | undefined,
    });
    const text = await res.text();
    return {
      statusCode: res.status,
      headers: Object.fromEntries(res.headers.entries()),
      body: text,
      json: () => JSON.parse(text),
    };
  }
}
