import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestProject } from 'vitest/node';
import { API_BASE } from '../../src/domain/api';
import { PATIENCE_MS } from '../helpers/wait';
import { freePort } from '../../scripts/deploy/cluster';
import { clearDemoTemplate, E2E_DEMO } from '../helpers/demo-server';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { houseRentResident, type RentResident } from './e2e-rent-resident';

export const E2E_ADMIN_PASSWORD = 'Admin-e2e-2026';

async function waitHealthy(url: string, child: ChildProcess, logs: string[]) {
  // Building and starting take long on a loaded machine; the bound only ends a start that hangs.
  // Two servers start at once, each migrating a fresh database: minutes on a loaded 2-core machine.
  const deadline = Date.now() + 8 * PATIENCE_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${logs.join('')}`);
    try {
      const res = await fetch(`${url}/service/api/health`);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy in time:\n${logs.join('')}`);
}

/**
 * A server already started by the developer (E2E_BASE_URL, docs/testing.md): nothing is built or
 * started. Its data folder (E2E_DATA_DIR, default ./data) is where the tests read its mails, and its
 * admin's password is E2E_ADMIN_PASSWORD (default: the one these tests start their server with).
 */
async function givenServer(given: string) {
  const baseURL = given.replace(/\/+$/, '');
  const dataDir = path.resolve(process.env.E2E_DATA_DIR || 'data');
  const adminPassword = process.env.E2E_ADMIN_PASSWORD || E2E_ADMIN_PASSWORD;
  const signin = await fetch(`${baseURL}${API_BASE}/campus-auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword }),
  }).catch((err: Error) => err);
  if (signin instanceof Error)
    throw new Error(`E2E_BASE_URL=${baseURL}: no server answers there (${signin.message})`);
  if (signin.status !== 200)
    throw new Error(
      `E2E_BASE_URL=${baseURL}: 'admin' cannot sign in with E2E_ADMIN_PASSWORD (${signin.status}); ` +
        `start the server with ADMIN_PASSWORD=${E2E_ADMIN_PASSWORD} on a fresh DATA_DIR (docs/testing.md)`,
    );
  console.log(`Browser tests against ${baseURL} (its mails read in ${path.join(dataDir, 'mail')})`);
  return { baseURL, dataDir, adminPassword };
}

/**
 * How many browser test files run at once (vitest.config.ts, the e2e project's `maxWorkers`, reads
 * the same variable): 2 unless `E2E_WORKERS` says otherwise (decision 090).
 */
export const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS)) || 2);

interface Started {
  server: E2eServer;
  stop: () => Promise<void>;
}

/**
 * Migrates an embedded database once into `E2E_DEMO.migrated` (no account, no secret: what a
 * server's first start makes before it creates its first admin). Each server of the run, and the
 * demo's first load (tests/helpers/demo-server.ts), starts on a copy of it instead of migrating a
 * fresh folder of its own: a start on a fresh folder cost 11.3 to 13.4 s of processor, one on a
 * migrated copy 4.9 to 5.6 s (decision 094). Vitest runs this set-up before the run's first test.
 */
async function migratedTemplate(): Promise<void> {
  rmSync(E2E_DEMO.migrated, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: E2E_DEMO.migrated, listen: false });
  try {
    await migrate(database.db);
  } finally {
    await database.close();
  }
}

/**
 * The servers' template: a copy of the migrated one with the data a test cannot make through the
 * running server, written before any starts (`houseRentResident`: a bed given on a past day).
 * The demo's load starts on the migrated one, without it.
 */
async function serversTemplate(outDir: string): Promise<{ dir: string; rentResident: RentResident }> {
  const dir = path.join(outDir, 'e2e-servers-template');
  rmSync(dir, { recursive: true, force: true });
  cpSync(E2E_DEMO.migrated, dir, { recursive: true });
  const database = await openDatabase({ dataDir: dir, listen: false });
  try {
    const rentResident = await houseRentResident(database.db, {
      userName: 'admin',
      password: E2E_ADMIN_PASSWORD,
    });
    return { dir, rentResident };
  } finally {
    await database.close();
  }
}

/**
 * One built server on a free port, with an embedded database in a fresh data folder `name`: a copy
 * of the run's servers' template (`serversTemplate`).
 */
async function startServer(outDir: string, name: string, template: string): Promise<Started> {
  const dataDir = path.join(outDir, name);
  const tmpDir = path.join(outDir, `tmp-${name}`);
  for (const dir of [dataDir, tmpDir]) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const child = spawn(process.execPath, ['dist/server/main.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      DEMO_DATA: '0',
      DATABASE_URL: '',
      SMTP_URL: '',
      QUEUE_INTERVAL_MS: '200',
      SMS_ANSWERS_INTERVAL_MS: '200',
      // The tests' argon2id cost (decision 125): production's, 19 MiB a hash, is for real accounts.
      PASSWORD_HASH_COST: 'test',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => logs.push(String(d)));
  child.stderr?.on('data', (d) => logs.push(String(d)));
  const stop = async () => {
    // A graceful stop (its requests end), then a kill: the server never outlives the run.
    const exited = new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), sleep(PATIENCE_MS, false, { ref: false })]);
    if (!stopped) {
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(tmpDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(baseURL, child, logs);
  } catch (e) {
    await stop();
    throw e;
  }
  return { server: { baseURL, dataDir, tmpDir, adminPassword: E2E_ADMIN_PASSWORD }, stop };
}

/**
 * Browser tests run against built servers, started as `npm start` starts one: the web client and
 * the server bundle are built (when their sources changed), then one server per worker of the e2e
 * project (`E2E_WORKERS`) starts on a free port with an embedded database in a fresh data folder.
 * The files of one worker run one after another against the server it took (`e2eServer()`,
 * tests/helpers/e2e.ts): two files running at once never share a database. With E2E_BASE_URL,
 * against that server instead (both workers then share it).
 */
export default async function setup(project: TestProject) {
  const outDir = path.resolve('.test-output');
  mkdirSync(outDir, { recursive: true });
  // The demo is loaded again by this run's first file that needs it (tests/helpers/demo-server.ts).
  clearDemoTemplate(E2E_DEMO.template);
  // Migrated again below when this run starts its servers; never one of an older schema.
  rmSync(E2E_DEMO.migrated, { recursive: true, force: true });
  if (process.env.E2E_BASE_URL) {
    const tmpDir = path.join(outDir, 'tmp-given');
    rmSync(tmpDir, { recursive: true, force: true });
    mkdirSync(tmpDir, { recursive: true });
    project.provide('e2eServers', [{ ...(await givenServer(process.env.E2E_BASE_URL)), tmpDir }]);
    return;
  }
  execSync('node scripts/build-web.mjs', { stdio: 'inherit' });
  execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
  await migratedTemplate();
  const template = await serversTemplate(outDir);
  // Every server free for the workers (tests/helpers/e2e.ts).
  rmSync(path.join(outDir, 'e2e-claims'), { recursive: true, force: true });
  const started = await Promise.allSettled(
    Array.from({ length: E2E_WORKERS }, (_, i) => startServer(outDir, `e2e-data-${i + 1}`, template.dir)),
  );
  const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = () => Promise.all(up.map((s) => s.stop())).then(() => undefined);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'e2eServers',
    up.map((s) => s.server),
  );
  project.provide('rentResident', template.rentResident);
  return stopAll;
}

/** One server the browser tests run against. */
export interface E2eServer {
  baseURL: string;
  dataDir: string;
  tmpDir: string;
  adminPassword: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eServers: E2eServer[];
    /** Rent's resident in the servers' template (absent against a server given by E2E_BASE_URL). */
    rentResident?: RentResident;
  }
}
