import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export const E2E_ADMIN_PASSWORD = 'Admin-e2e-2026';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitHealthy(url: string, child: ChildProcess, logs: string[]) {
  const deadline = Date.now() + 90_000;
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
 * Browser tests run against one built server, started as `npm start` starts it: the web client and
 * the server bundle are built (when their sources changed), then the bundle starts on a free port
 * with an embedded database in a fresh data folder.
 */
export default async function setup(project: TestProject) {
  execSync('node scripts/build-web.mjs', { stdio: 'inherit' });
  execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
  const outDir = path.resolve('.test-output');
  const dataDir = path.join(outDir, 'e2e-data');
  const tmpDir = path.join(outDir, 'tmp');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(tmpDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(tmpDir, { recursive: true });
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
      MAIL_WORKER_INTERVAL_MS: '200',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => logs.push(String(d)));
  child.stderr?.on('data', (d) => logs.push(String(d)));
  await waitHealthy(baseURL, child, logs);
  project.provide('e2e', { baseURL, dataDir, tmpDir, adminPassword: E2E_ADMIN_PASSWORD });
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => {
      if (child.exitCode !== null) return r(null);
      child.once('exit', r);
      setTimeout(r, 10_000);
    });
    rmSync(tmpDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: { baseURL: string; dataDir: string; tmpDir: string; adminPassword: string };
  }
}
