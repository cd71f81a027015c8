import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { describe } from 'vitest';
import { freePort } from '../../scripts/deploy/cluster';
import { missingProgramError } from './system-packages';

export { freePort };

/** Debian's Redis server (`apt-get install redis-server`), started by the tests on a free port. */
export const REDIS_SERVER = '/usr/bin/redis-server';

export const hasRedisServer = () =>
  existsSync(REDIS_SERVER) && spawnSync(REDIS_SERVER, ['--version']).status === 0;

/**
 * `describe` for the tests of REDIS_URL (shared rate limits): they start their own redis-server.
 * Without one on the machine the file fails with the command that installs it (`npm test` and
 * `.ci/run` install it first, scripts/ensure-system-packages.mjs): never skipped for a missing package.
 */
export function describeWithRedis(name: string, fn: () => void): void {
  if (!hasRedisServer()) throw missingProgramError(REDIS_SERVER, 'redis-server');
  describe(name, fn);
}

/** A throw-away Redis on `port`: no file written (`--save ''`, `--appendonly no`). */
export class TestRedis {
  private child: ChildProcess | undefined;
  constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      REDIS_SERVER,
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        '/tmp',
      ],
      { stdio: 'ignore' },
    );
    this.child = child;
    for (let i = 0; i < 200; i++) {
      if (await this.answers()) return;
      if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode})`);
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('redis-server did not start');
  }

  /** Whether it answers PING. */
  answers(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = net.connect(this.port, '127.0.0.1');
      socket.setTimeout(500);
      socket.on('connect', () => socket.write('PING\r\n'));
      socket.on('data', (d) => {
        socket.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
      socket.on('error', () => resolve(false));
      socket.on('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
  }

  /** The keys matching `pattern` (`KEYS`, an inline command: no client needed). */
  keys(pattern: string): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(this.port, '127.0.0.1');
      let text = '';
      socket.on('connect', () => socket.write(`KEYS ${pattern}\r\n`));
      socket.on('data', (d) => {
        text += d.toString();
        const lines = text.split('\r\n');
        const count = Number(lines[0].slice(1));
        // `*n`, then `$len` and the key for each.
        if (lines.length >= 2 * count + 2) {
          socket.destroy();
          resolve(lines.slice(1, 1 + 2 * count).filter((_, i) => i % 2 === 1));
        }
      });
      socket.on('error', reject);
    });
  }

  /** Killed at once (as a crash), and waited for. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    this.child = undefined;
  }
}
