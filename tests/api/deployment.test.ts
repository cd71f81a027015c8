import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE } from '../../src/domain/api';
import { messages } from '../../src/domain/messages';
import { forgetStatementNames, one, openDatabase, preparedRows, type Db } from '../../src/server/db/client';
import { withTransaction } from '../../src/server/db/transaction';
import { NOTIFY_CHANNELS } from '../../src/server/db/notifications';
import {
  databaseUrlNamed,
  Deployment,
  dropDatabase,
  ensureDatabase,
  freePort,
  SERVER_BUNDLE,
  SERVER_NODE_FLAGS,
  type InstanceState,
} from '../../scripts/deploy/cluster';
import { HEALTH_PATH, INSTANCE_HEADER } from '../../scripts/deploy/haproxy';
import { describeBehindHaproxy } from '../helpers/haproxy';
import { describeOnPostgres } from '../helpers/postgres';
import { PATIENCE_MS } from '../helpers/wait';

/**
 * The reference deployment (docs/operations.md#the-reference-deployment, decision 024): the built
 * server twice behind a real HAProxy, started by the code of `npm run deploy:local`, on a database
 * of its own on the TEST_DATABASE_URL server. Every response of the loads is counted: a rolling
 * restart drops none, and a killed instance's reads are answered by the other.
 */

const ADMIN_PASSWORD = 'Admin-deploiement-2026';
/** The drain of a stopping instance: longer than HAProxy's two failed checks, 500 ms apart. */
const DRAIN_MS = 3000;

interface Tally {
  /** Status of every response, by kind of request (`GET ville`, `POST ville`, `POST signin`). */
  statuses: Record<string, number[]>;
  /** Requests that got no response at all (a reset connection). */
  failures: string[];
  /** Which instance answered (HAProxy's header), in order. */
  servedBy: string[];
  /** The villes created, each exactly once. */
  created: string[];
}

describeBehindHaproxy('the reference deployment: two instances behind HAProxy (PostgreSQL)', () => {
  let d: Deployment;
  let databaseUrl: string;
  let runDir: string;
  let token: string;
  let idDirection: number;

  const api = (p: string) => `${d.url}${API_BASE}/${p}`;
  const signin = () =>
    fetch(api('campus-auth/signin'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
  const get = (p: string, base = d.url) =>
    fetch(`${base}${API_BASE}/${p}`, { headers: { authorization: `Bearer ${token}` } });

  /**
   * Four clients, each one request after another until `stop()`: reads of the villes, and with
   * `writes`, a ville created every fourth request and a sign-in every sixth.
   */
  function load(writes: boolean) {
    const tally: Tally = { statuses: {}, failures: [], servedBy: [], created: [] };
    let running = true;
    let n = 0;
    const record = async (kind: string, request: () => Promise<Response>) => {
      try {
        const res = await request();
        await res.arrayBuffer();
        (tally.statuses[kind] ??= []).push(res.status);
        tally.servedBy.push(res.headers.get(INSTANCE_HEADER) ?? '?');
        return res.status;
      } catch (err) {
        tally.failures.push(`${kind}: ${(err as Error).message}`);
        return 0;
      }
    };
    const client = async (c: number) => {
      while (running) {
        n += 1;
        if (writes && n % 4 === 0) {
          const nomVille = `Ville déploiement ${c}-${n}`;
          const status = await record('POST ville', () =>
            fetch(api('campus/ville'), {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({ nomVille, idDirection }),
            }),
          );
          if (status >= 200 && status < 300) tally.created.push(nomVille);
        } else if (writes && n % 6 === 0) {
          await record('POST signin', signin);
        } else {
          await record('GET ville', () => get('campus/ville?size=20'));
        }
      }
    };
    const clients = Promise.all([1, 2, 3, 4].map(client));
    return {
      tally,
      count: () => Object.values(tally.statuses).flat().length,
      stop: async () => {
        running = false;
        await clients;
        return tally;
      },
    };
  }

  /** Waits until the load has had `more` further answers (the load keeps going meanwhile). */
  async function answered(l: ReturnType<typeof load>, more: number) {
    const target = l.count() + more;
    await expect.poll(() => l.count(), { timeout: PATIENCE_MS }).toBeGreaterThanOrEqual(target);
  }

  beforeAll(async () => {
    // The bundle as `npm start` runs it (skipped when up to date), as the boot checks build it.
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
    databaseUrl = databaseUrlNamed(process.env.TEST_DATABASE_URL!, `cenou_deploiement_${process.pid}`);
    await dropDatabase(databaseUrl);
    await ensureDatabase(databaseUrl);
    runDir = mkdtempSync(path.join(tmpdir(), 'cenou-deploiement-'));
    d = new Deployment({
      runDir,
      instances: 2,
      databaseUrl,
      host: '127.0.0.1',
      port: await freePort(),
      env: {
        ADMIN_PASSWORD,
        DEMO_DATA: '0',
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        // The loads sign in from one address: the public limit is not what is tested here.
        PUBLIC_RATE_PER_MINUTE: '1000000',
        SIGNIN_MAX_FAILURES: '1000',
        REDIS_URL: undefined,
        SMTP_URL: undefined,
        LOG_LEVEL: 'info',
      },
      startLimitMs: 3 * PATIENCE_MS,
    });
    // Both instances at once, on an empty database.
    await d.start();
    const res = await signin();
    expect(res.status).toBe(200);
    token = ((await res.json()) as { accessToken: string }).accessToken;
    const directions = (await (await get('campus/direction')).json()) as { idDirection: number }[];
    idDirection = directions[0].idDirection;
  }, 6 * PATIENCE_MS);

  afterAll(async () => {
    await d?.stop(10_000);
    if (databaseUrl) await dropDatabase(databaseUrl);
    if (runDir) rmSync(runDir, { recursive: true, force: true });
  }, 2 * PATIENCE_MS);

  it('two instances started together on an empty database, each with the start script’s flags: migrated once, one admin, requests spread over both', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const admins = await client.query(`SELECT count(*)::int AS n FROM users WHERE user_name = 'admin'`);
      expect(admins.rows[0].n).toBe(1);
      const tags = await client.query(`SELECT tag, count(*)::int AS n FROM schema_migrations GROUP BY tag`);
      expect(tags.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
    } finally {
      await client.end();
    }
    const served = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const res = await get('campus/ville');
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      served.add(res.headers.get(INSTANCE_HEADER) ?? '?');
    }
    expect([...served].sort()).toEqual(['instance1', 'instance2']);
    // Each instance runs the bundle with the start script's flags (libuv's pool, V8's heap growth).
    const { start } = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } })
      .scripts;
    expect(start).toContain(`exec node ${[...SERVER_NODE_FLAGS, SERVER_BUNDLE].join(' ')}`);
    expect(SERVER_NODE_FLAGS).toContain('--heap-growing-percent=50');
    for (const instance of d.instances) {
      const argv = readFileSync(`/proc/${instance.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(argv.slice(1)).toEqual([...SERVER_NODE_FLAGS, SERVER_BUNDLE]);
    }
  });

  it('a rolling restart under a steady load of reads and writes drops no request; a stopping instance answers 503 on its health at once, serves through its drain, is taken out, exits with 0', async () => {
    const l = load(true);
    await answered(l, 10);
    const stopping = async (instance: InstanceState) => {
      const direct = `http://127.0.0.1:${instance.port}`;
      await expect
        .poll(async () => (await fetch(`${direct}${HEALTH_PATH}`)).status, {
          timeout: PATIENCE_MS,
          interval: 20,
        })
        .toBe(503);
      // Still serving, directly, during its drain (and telling the client to close the connection).
      const during = await get('campus/ville', direct);
      expect(during.status).toBe(200);
      expect(during.headers.get('connection')).toBe('close');
      const health = await fetch(`${direct}${HEALTH_PATH}`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: 'arret', message: messages.santeArret });
      await d.waitState(instance, 'DOWN');
      await answered(l, 5);
    };
    expect(await d.rollingRestart({ stopping })).toEqual([0, 0]);
    await answered(l, 10);
    const tally = await l.stop();
    expect(tally.failures).toEqual([]);
    expect(new Set(tally.statuses['GET ville'])).toEqual(new Set([200]));
    expect(new Set(tally.statuses['POST signin'])).toEqual(new Set([200]));
    expect(new Set(tally.statuses['POST ville'])).toEqual(new Set([201]));
    expect(tally.created.length).toBeGreaterThan(0);
    // Both instances served, before, during and after the restart.
    expect(new Set(tally.servedBy)).toEqual(new Set(['instance1', 'instance2']));
    // Every ville created once, none twice (no write was replayed).
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const rows = await client.query(
        `SELECT nom_ville, count(*)::int AS n FROM ville WHERE nom_ville LIKE 'Ville déploiement %' GROUP BY 1`,
      );
      expect(rows.rows.map((r: { nom_ville: string }) => r.nom_ville).sort()).toEqual(
        [...tally.created].sort(),
      );
      expect(rows.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
    } finally {
      await client.end();
    }
  });

  it('an instance killed (SIGKILL) is taken out by HAProxy, and the reads keep succeeding', async () => {
    const [, second] = d.instances;
    const l = load(false);
    await answered(l, 10);
    d.signal(second, 'SIGKILL');
    expect(await d.exited(second)).toBe(null);
    await d.waitState(second, 'DOWN');
    const after = l.tally.servedBy.length;
    await answered(l, 20);
    const tally = await l.stop();
    expect(tally.failures).toEqual([]);
    expect(new Set(tally.statuses['GET ville'])).toEqual(new Set([200]));
    expect(new Set(tally.servedBy.slice(after))).toEqual(new Set(['instance1']));
  });
});

describeOnPostgres('the database behind a pooler in transaction mode (PostgreSQL)', () => {
  const url = () => process.env.TEST_DATABASE_URL!;
  /** One connection in the pool: what a statement leaves on it is seen by the next. */
  const open = (transactionPooler: boolean) =>
    openDatabase({ databaseUrl: url(), listenUrl: url(), transactionPooler, poolSize: 1 });

  it('nothing outlives a transaction: statements unnamed, no LISTEN on the pool, no startup option; the listening connection on DATABASE_LISTEN_URL', async () => {
    const pooled = await open(true);
    const direct = await open(false);
    try {
      const state = async (db: Db) =>
        one<{ prepared: number; listening: number; jit: string }>(
          db,
          sql`SELECT (SELECT count(*)::int FROM pg_prepared_statements) AS prepared,
                     (SELECT count(*)::int FROM pg_listening_channels()) AS listening,
                     current_setting('jit') AS jit`,
        );
      // The statements and the look at their session in one transaction: the same connection for
      // sure (a pooler in transaction mode keeps one for a transaction; a loaded machine may
      // otherwise see the pool's connection replaced between two statements).
      // The cap of named texts is per process, and this worker ran other files' servers before.
      forgetStatementNames();
      const seen = (db: Db) =>
        withTransaction(db, async (tx) => {
          await preparedRows(tx, sql`SELECT 1 AS un`);
          await preparedRows(tx, sql`SELECT 1 AS un`);
          return state(tx);
        });
      expect(await seen(pooled.db)).toEqual({ prepared: 0, listening: 0, jit: expect.any(String) });
      // The same statements, sent directly: named, and the pool's connection listens (decision 017).
      expect(await seen(direct.db)).toEqual({ prepared: 1, listening: NOTIFY_CHANNELS.length, jit: 'off' });
      // The listening connection (its own session) is up in both modes.
      expect(pooled.notifications.live).toBe(true);
    } finally {
      await pooled.close();
      await direct.close();
    }
  });

  it('DATABASE_STATEMENT_TIMEOUT_MS cancels a longer statement (direct connection)', async () => {
    const database = await openDatabase({ databaseUrl: url(), listen: false, statementTimeoutMs: 200 });
    try {
      await expect(database.db.execute(sql`SELECT pg_sleep(5)`)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '57014' }),
      });
      expect(await one(database.db, sql`SELECT 1 AS un`)).toEqual({ un: 1 });
    } finally {
      await database.close();
    }
  });
});
