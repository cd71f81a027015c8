import { sql } from 'drizzle-orm';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../src/domain/api';
import { ADMIN } from '../../src/domain/enums';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import { keepListening, LISTENER_NAME, NotificationHub } from '../../src/server/db/notifications';
import { setupTestApp, TEST_PASSWORD, type TestContext } from '../helpers/app';
import { PATIENCE_MS } from '../helpers/wait';
import { describeOnPostgres } from '../helpers/postgres';

/**
 * The account check kept by each instance (decision 017): a kept account is forgotten as soon as
 * the database tells of a change, whoever made it, so a revoked token or a changed role never
 * outlives its commit on the instance that made it, and on the others only for the notification's
 * journey.
 */
let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const get = async (app: FastifyInstance, url: string, token: string) =>
  (
    await app.inject({
      method: 'GET',
      url: `${API_BASE}/${url}`,
      headers: { authorization: `Bearer ${token}` },
    })
  ).statusCode;

/** A token signed in now (not the helper's cached one, which an earlier test may have revoked). */
async function freshToken(who: 'dr' | 'cenou') {
  const res = await t.api('POST', 'campus-auth/signin', {
    body: { username: t.accounts[who].userName, password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().accessToken as string;
}

async function userRow(id: number) {
  const res = await t.api('GET', `campus/users/${id}`, { token: await t.token('admin') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
}

describe('one instance', () => {
  it('keeps the accounts it checked', async () => {
    expect(t.app.accounts.keeping).toBe(true);
    const token = await t.token('cenou');
    t.app.accounts.forgetAll();
    expect(await get(t.app, 'campus/cite', token)).toBe(200);
    expect(t.app.accounts.size).toBe(1);
  });

  it('a role changed on the users screen applies to the very next call of a kept account', async () => {
    const token = await t.token('dr');
    expect(await get(t.app, 'campus/users', token)).toBe(403);
    expect(t.app.accounts.has(t.accounts.dr.id)).toBe(true);
    const row = await userRow(t.accounts.dr.id);
    const put = await t.api('PUT', `campus/users/${t.accounts.dr.id}`, {
      token: await t.token('admin'),
      body: { ...row, role: ADMIN, idDirection: null },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await get(t.app, 'campus/users', token)).toBe(200);
    const back = await t.api('PUT', `campus/users/${t.accounts.dr.id}`, {
      token: await t.token('admin'),
      body: { ...row },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await get(t.app, 'campus/users', token)).toBe(403);
  });

  it('a change written straight in the database (a script, another tool) is told too', async () => {
    const token = await t.token('cenou');
    expect(await get(t.app, 'campus/cite', token)).toBe(200);
    expect(t.app.accounts.has(t.accounts.cenou.id)).toBe(true);
    await t.database.db.execute(
      sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${t.accounts.cenou.id}`,
    );
    // Forgotten before the write returned (its own connection was told before its COMMIT's answer).
    expect(t.app.accounts.has(t.accounts.cenou.id)).toBe(false);
    expect(await get(t.app, 'campus/cite', token)).toBe(401);
  });

  it('a deleted account is refused at once, a change of an unchecked column keeps the account', async () => {
    const token = await freshToken('dr');
    expect(await get(t.app, 'campus/cite', token)).toBe(200);
    expect(t.app.accounts.has(t.accounts.dr.id)).toBe(true);
    await t.database.db.execute(sql`UPDATE users SET updated_at = now() WHERE id = ${t.accounts.dr.id}`);
    expect(t.app.accounts.has(t.accounts.dr.id)).toBe(true);
    await t.database.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${t.accounts.dr.id}`);
    expect(t.app.accounts.has(t.accounts.dr.id)).toBe(false);
    expect(await get(t.app, 'campus/cite', token)).toBe(401);
    await t.database.db.execute(sql`UPDATE users SET deleted_at = NULL WHERE id = ${t.accounts.dr.id}`);
    expect(await get(t.app, 'campus/cite', token)).toBe(200);
  });
});

/** Two instances of the server on one PostgreSQL (PGlite has one connection, hence one instance). */
describeOnPostgres('two instances on one PostgreSQL', () => {
  let other: { app: FastifyInstance; database: Database };
  let url: string;
  /** How many times the other instance's listener was lost or came back. */
  let liveChanges = 0;
  beforeAll(async () => {
    url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
      .connectionString;
    const database = await openDatabase({ databaseUrl: url, poolSize: 3 });
    const app = await buildApp({
      config: t.config,
      db: database.db,
      jwtSecret: 'x'.repeat(48),
      notifications: database.notifications,
    });
    await app.ready();
    other = { app, database };
    database.notifications.onLive(() => (liveChanges += 1));
  });
  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
  });

  /** Whether `check` comes to hold (a notification's journey, a reconnection), within PATIENCE_MS. */
  const eventually = (check: () => Promise<boolean>) =>
    vi.waitUntil(check, { timeout: PATIENCE_MS, interval: 20 }).then(
      () => true,
      () => false,
    );

  it('a password changed on one is refused by the other, which had kept the account', async () => {
    const old = await freshToken('cenou');
    expect(await get(other.app, 'campus/cite', old)).toBe(200);
    expect(other.app.accounts.has(t.accounts.cenou.id)).toBe(true);
    const changed = await t.api('PUT', 'campus-auth/password', {
      token: old,
      body: { ancienMotDePasse: TEST_PASSWORD, nouveauMotDePasse: 'Autre-mot-2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await eventually(async () => (await get(other.app, 'campus/cite', old)) === 401)).toBe(true);
    expect(await get(other.app, 'campus/cite', changed.json().accessToken)).toBe(200);
  });

  it('keeps nothing while its listening connection is cut, and keeps again once it is back', async () => {
    const token = await t.token('admin');
    expect(await get(other.app, 'campus/cite', token)).toBe(200);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const cutListener = () =>
        admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = $1`,
          [LISTENER_NAME],
        );
      await cutListener();
      // The listener comes back half a second after its loss (db/notifications.ts): on a slow
      // machine it may be back before this read, which then proves nothing; cut it again then.
      for (let attempt = 1; ; attempt++) {
        expect(await eventually(async () => !other.app.accounts.keeping)).toBe(true);
        const changes = liveChanges;
        const cut = !other.app.accounts.keeping;
        const before = other.app.accounts.size;
        const status = await get(other.app, 'campus/cite', token);
        const after = other.app.accounts.size;
        if ((cut && liveChanges === changes) || attempt === 10) {
          expect(cut).toBe(true);
          expect(liveChanges).toBe(changes);
          expect(before).toBe(0);
          expect(status).toBe(200);
          expect(after).toBe(0);
          break;
        }
        await cutListener();
      }
      // A revocation by a connection of no instance is read, not told.
      await admin.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [
        t.accounts.admin.id,
      ]);
      expect(await get(other.app, 'campus/cite', token)).toBe(401);
      expect(await eventually(async () => other.app.accounts.keeping)).toBe(true);
      await admin.query('UPDATE users SET token_version = token_version - 1 WHERE id = $1', [
        t.accounts.admin.id,
      ]);
      // (A read that a notification overtook is not kept: read until one is.)
      expect(
        await eventually(
          async () =>
            (await get(other.app, 'campus/cite', token)) === 200 &&
            other.app.accounts.has(t.accounts.admin.id),
        ),
      ).toBe(true);
    } finally {
      await admin.end();
    }
  });

  it('counts a listening connection that stops answering without a word (a firewall, a host gone) as lost', async () => {
    // A TCP relay to PostgreSQL that, once frozen, passes nothing more and closes nothing.
    const target = new URL(url);
    let frozen = false;
    const sockets: net.Socket[] = [];
    const relay = net.createServer((inbound) => {
      const outbound = net.connect(Number(target.port || 5432), target.hostname);
      sockets.push(inbound, outbound);
      inbound.on('data', (d) => void (frozen || outbound.write(d)));
      outbound.on('data', (d) => void (frozen || inbound.write(d)));
      for (const [a, b] of [
        [inbound, outbound],
        [outbound, inbound],
      ]) {
        a.on('error', () => undefined);
        a.on('close', () => b.destroy());
      }
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const via = new URL(url);
    via.hostname = '127.0.0.1';
    via.port = String((relay.address() as net.AddressInfo).port);
    const hub = new NotificationHub();
    const listening = await keepListening(
      () =>
        // Bounds short enough for a quick test, long enough that a loaded machine is not a lost peer.
        new pg.Client({
          connectionString: via.toString(),
          query_timeout: 2_000,
          connectionTimeoutMillis: 5_000,
        }),
      hub,
      100,
    );
    try {
      expect(hub.live).toBe(true);
      frozen = true;
      expect(await eventually(async () => !hub.live)).toBe(true);
      frozen = false;
      expect(await eventually(async () => hub.live)).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      await listening.stop();
      await new Promise((resolve) => relay.close(resolve));
    }
  });
});
