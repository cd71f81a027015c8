import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config/env';
import { PATIENCE_MS } from '../helpers/wait';

const dataDir = mkdtempSync(path.join(tmpdir(), 'cenou-boot-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The server starts here as `npm start` starts it: the bundle, built by its script (skipped when
// up to date), so that a bundle that does not build, start or serve fails `npm test`
// (docs/decisions/013-bundled-server.md).
const SERVER = ['dist/server/main.mjs'];
beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
}, 4 * PATIENCE_MS);

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, SERVER, {
    env: { ...process.env, DATA_DIR: dataDir, DEMO_DATA: '0', ...env },
    encoding: 'utf8',
    timeout: 4 * PATIENCE_MS,
  });
}

// Each start spawns a server (seconds, or tens of seconds on a loaded 2-core machine).
describe('configuration validated at boot', { timeout: 5 * PATIENCE_MS }, () => {
  it('has the documented defaults (README.md)', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      ADMIN_USERNAME: 'admin',
      TOKEN_TTL_HOURS: 8,
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SMTP_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_URL', 'pas une url'],
    ['SMTP_URL', 'http://mail'],
    ['DEMO_DATA', 'peut-être'],
    ['ADMIN_PASSWORD', 'court'],
  ])('refuses %s=%s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('stops the start with a clear message on a bad PORT', () => {
    const res = start({ PORT: 'quatre-vingt' });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Configuration invalide');
    expect(res.stderr).toContain('PORT');
  });

  it('stops the start with a clear message on a malformed DATABASE_URL', () => {
    const res = start({ DATABASE_URL: 'mysql://localhost/base' });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('DATABASE_URL');
  });

  it('stops the start with a clear message when the PostgreSQL server cannot be reached', () => {
    const res = start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/absente' });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Impossible d’ouvrir la base de données');
  });
});

describe('graceful shutdown', () => {
  it(
    'answers, then stops cleanly on SIGTERM and starts again on the same data',
    async () => {
      const { spawn } = await import('node:child_process');
      const { createServer } = await import('node:net');
      const port: number = await new Promise((resolve) => {
        const s = createServer().listen(0, '127.0.0.1', () => {
          const p = (s.address() as { port: number }).port;
          s.close(() => resolve(p));
        });
      });
      const dir = mkdtempSync(path.join(tmpdir(), 'cenou-stop-'));
      const run = async () => {
        const child = spawn(process.execPath, SERVER, {
          env: {
            ...process.env,
            DATA_DIR: dir,
            DEMO_DATA: '0',
            PORT: String(port),
            ADMIN_PASSWORD: 'Admin-boot-2026',
            LOG_LEVEL: 'info', // its start and stop lines are read
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        // Ready when its log says so, failed if it exits first; the limit only bounds a start that hangs.
        const ready = await new Promise<boolean>((resolve) => {
          const seen = () => out.includes(`prêt sur http://127.0.0.1:${port}/`) && done(true);
          const exited = () => done(false);
          const timer = setTimeout(() => done(false), 4 * PATIENCE_MS);
          const done = (ok: boolean) => {
            clearTimeout(timer);
            child.stdout.off('data', seen);
            child.stderr.off('data', seen);
            child.off('exit', exited);
            resolve(ok);
          };
          child.stdout.on('data', seen);
          child.stderr.on('data', seen);
          child.once('exit', exited);
        });
        expect(ready, out).toBe(true);
        const healthy = await fetch(`http://127.0.0.1:${port}/service/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        expect(healthy, out).toBe(true);
        const signin = await fetch(
          `http://127.0.0.1:${port}/service/api/hebergement-cenou/campus-auth/signin`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'admin', password: 'Admin-boot-2026' }),
          },
        );
        expect(signin.status).toBe(200);
        const docs = await fetch(`http://127.0.0.1:${port}/service/api/docs/json`);
        expect(docs.status).toBe(200);
        expect(((await docs.json()) as { openapi?: string }).openapi).toMatch(/^3\./);
        const code: number | null = await new Promise((resolve) => {
          child.once('exit', (c) => resolve(c));
          child.kill('SIGTERM');
        });
        expect(code, out).toBe(0);
        expect(out).toContain('Arrêt terminé');
      };
      try {
        await run();
        await run();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    6 * PATIENCE_MS,
  );
});
