/**
 * `ceilings` (issue 23): what this machine can do at all, measured in the same run as the server,
 * so that the targets are ratios and hold on machines twice as fast or slow.
 *
 * - A bare `node:http` server (its own process, as the real server is) answering the body of
 *   `campus/cite` as the real server sends it, under autocannon with the same connections as
 *   `reference-304`: the most any Node server could answer for that list here.
 * - Raw argon2id verifications a second with the project's settings (src/server/security/passwords.ts),
 *   in the bench's process (idle meanwhile, the verifications run on libuv's threads): one at a
 *   time (one core) and as many at a time as there are cores.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { hashPassword, verifyPassword } from '../../src/server/security/passwords';
import { runLoad, type LoadResult } from './load';
import { freePort } from './server';

export interface Ceilings {
  bareJson?: LoadResult & { bodyBytes: number };
  argon2?: {
    oneCorePerSecond: number;
    allCoresPerSecond: number;
    concurrency: number;
    seconds: number;
    /** CPU of one verification (the process's, libuv's threads included, over the one-core run), ms. */
    cpuMsPerVerification: number;
  };
}

const BARE_SERVER = `
const http = require('node:http');
const body = Buffer.from(process.env.BARE_BODY, 'base64');
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(Number(process.env.BARE_PORT), '127.0.0.1', () => process.stdout.write('prêt\\n'));
`;

/** The bare server answering `body` under the given load (autocannon, same settings as a scenario). */
export async function bareJsonCeiling(
  body: Buffer,
  connections: number,
  seconds: number,
  warmupSeconds: number,
): Promise<LoadResult & { bodyBytes: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    env: { PATH: process.env.PATH, BARE_BODY: body.toString('base64'), BARE_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('serveur nu : pas prêt en 10 s')), 10_000);
      child.stdout?.once('data', () => {
        clearTimeout(t);
        resolve();
      });
      child.once('exit', (c) => reject(new Error(`serveur nu arrêté (${c})`)));
    });
    const r = await runLoad(`http://127.0.0.1:${port}`, {
      id: 'ceiling-bare-json',
      title: `node:http nu, le JSON des cités (${body.length} o)`,
      path: '/',
      connections,
      seconds,
      warmupSeconds,
    });
    return { ...r, bodyBytes: body.length };
  } finally {
    child.kill('SIGTERM');
  }
}

/** Verifications a second for `seconds`, `concurrency` at a time, and the CPU of one (ms). */
async function verifyRate(hash: string, password: string, concurrency: number, seconds: number) {
  const end = Date.now() + seconds * 1000;
  let n = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        if (!(await verifyPassword(hash, password))) throw new Error('argon2id : vérification refusée');
        n++;
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  return { perSecond: n / ((performance.now() - t0) / 1000), cpuMs: (cpu.user + cpu.system) / 1000 / n };
}

export async function argonCeiling(seconds = 5) {
  const password = 'Plafond-argon2id';
  const hash = await hashPassword(password);
  await verifyRate(hash, password, 1, 0.5); // warm-up
  const concurrency = os.availableParallelism();
  const one = await verifyRate(hash, password, 1, seconds);
  const all = await verifyRate(hash, password, concurrency, seconds);
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    oneCorePerSecond: r(one.perSecond),
    allCoresPerSecond: r(all.perSecond),
    concurrency,
    seconds,
    // Measured in CPU time, not wall time: others' work on the machine slows the rate, not this.
    cpuMsPerVerification: Math.round(one.cpuMs * 100) / 100,
  };
}
