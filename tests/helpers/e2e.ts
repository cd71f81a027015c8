import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { E2eServer } from '../setup/global-e2e';

/** Where each worker writes the server it took: `<index>` holding the worker's PID. */
export const CLAIMS_DIR = path.resolve('.test-output', 'e2e-claims');

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let mine: E2eServer | undefined;

/**
 * The server this browser test file runs against: its worker's own (tests/setup/global-e2e.ts), so
 * that two files running at once never share a database. A worker (a process: its files run one
 * after another) takes a server the first time it asks, by creating `CLAIMS_DIR/<index>` with its
 * PID (an exclusive create: two workers never take the same one), and keeps it for all its files;
 * a server whose worker has ended is free again. (Vitest's `VITEST_POOL_ID` is not used: in a run
 * of every project it need not number the browser workers 1 and 2.)
 */
export function e2eServer(): E2eServer {
  if (mine) return mine;
  const servers = inject('e2eServers');
  if (servers.length === 1) return (mine = servers[0]);
  mkdirSync(CLAIMS_DIR, { recursive: true });
  const holder = (i: number) => {
    try {
      return Number(readFileSync(path.join(CLAIMS_DIR, String(i)), 'utf8'));
    } catch {
      return null;
    }
  };
  // Already taken by this process (its module state lost between files), else a free one.
  for (let i = 0; i < servers.length; i++) if (holder(i) === process.pid) return (mine = servers[i]);
  for (let attempt = 0; attempt < 2; attempt++) {
    for (let i = 0; i < servers.length; i++) {
      const held = holder(i);
      if (held !== null && alive(held)) continue;
      if (held !== null) rmSync(path.join(CLAIMS_DIR, String(i)), { force: true });
      try {
        writeFileSync(path.join(CLAIMS_DIR, String(i)), String(process.pid), { flag: 'wx' });
        return (mine = servers[i]);
      } catch {
        /* taken meanwhile: the next one */
      }
    }
  }
  throw new Error(
    `No browser test server free (${readdirSync(CLAIMS_DIR).join(', ')}): more workers than servers (E2E_WORKERS)`,
  );
}
