import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../src/domain/api';
import { RESOURCES } from '../../src/domain/resources/definitions';
import { buildApp } from '../../src/server/app';
import { revalidatedTables } from '../../src/server/crud/repository';
import { one, openDatabase, rows, type Database } from '../../src/server/db/client';
import { matches } from '../../src/server/lists/revalidation';
import { setupTestApp, type TestContext } from '../helpers/app';
import { makeCite } from '../helpers/dossier';
import { Fixtures } from '../helpers/resources';
import { describeOnPostgres } from '../helpers/postgres';
import { PATIENCE_MS } from '../helpers/wait';

/**
 * Reference lists answered again without reading the database (decision 028): a tag (ETag) on
 * every list, `304` when the client sends it back and nothing changed, a new answer as soon as
 * the database tells of a change to any table the list reads, whoever made it.
 */
let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
  const f = await Fixtures.create(t);
  await makeCite(f, 'Ouagadougou');
  await makeCite(f, 'Bobo-Dioulasso');
});
afterAll(() => t.close());

async function list(app: FastifyInstance, url: string, etag?: string) {
  return app.inject({
    method: 'GET',
    url: `${API_BASE}/${url}`,
    headers: {
      authorization: `Bearer ${await t.token('cenou')}`,
      ...(etag ? { 'if-none-match': etag } : {}),
    },
  });
}

async function firstCite() {
  const res = await list(t.app, 'campus/cite?page=0&size=1&sort=idCite,asc');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Record<string, unknown>[])[0];
}

describe('one instance', () => {
  it('tags a list, and answers 304 with no body when the tag comes back', async () => {
    const first = await list(t.app, 'campus/cite');
    expect(first.statusCode, first.body).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await list(t.app, 'campus/cite', etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another tag, or another page of the list, is answered whole.
    expect((await list(t.app, 'campus/cite', '"autre"')).statusCode).toBe(200);
    expect((await list(t.app, 'campus/cite?page=0&size=2', etag)).statusCode).toBe(200);
  });

  it('answers 304 without reading: a change the database does not tell is not seen', async () => {
    // White-box proof that the 304 costs no query: the trigger is switched off for one write.
    const cite = await firstCite();
    const url = 'campus/cite?page=0&size=1&sort=idCite,asc';
    const etag = (await list(t.app, url)).headers.etag as string;
    const name = cite.nomCite as string;
    await t.database.db.execute(sql`ALTER TABLE cite DISABLE TRIGGER cite_table_modifiee`);
    try {
      await t.database.db.execute(
        sql`UPDATE cite SET nom_cite = ${`${name} (discret)`} WHERE id_cite = ${cite.idCite as number}`,
      );
      expect((await list(t.app, url, etag)).statusCode).toBe(304);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE cite ENABLE TRIGGER cite_table_modifiee`);
      await t.database.db.execute(
        sql`UPDATE cite SET nom_cite = ${name} WHERE id_cite = ${cite.idCite as number}`,
      );
    }
    // The restoring write was told: the list is read again, and its tag is the first one.
    const back = await list(t.app, url, etag);
    expect(back.statusCode).toBe(304);
  });

  it('a change through the API gives the next request the new rows and a new tag', async () => {
    const cite = await firstCite();
    const url = 'campus/cite?page=0&size=1&sort=idCite,asc';
    const etag = (await list(t.app, url)).headers.etag as string;
    const name = cite.nomCite as string;
    const put = await t.api('PUT', `campus/cite/${cite.idCite as number}`, {
      token: await t.token('admin'),
      body: { ...cite, nomCite: `${name} rénovée` },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = await list(t.app, url, etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json() as Record<string, unknown>[])[0].nomCite).toBe(`${name} rénovée`);
    await t.api('PUT', `campus/cite/${cite.idCite as number}`, {
      token: await t.token('admin'),
      body: { ...cite, nomCite: name },
    });
  });

  it('a change of a parent table (the cité’s town) is a change of the list', async () => {
    const cite = await firstCite();
    const url = 'campus/cite?page=0&size=1&sort=idCite,asc';
    const etag = (await list(t.app, url)).headers.etag as string;
    const town = await one<{ nom_ville: string }>(
      t.database.db,
      sql`SELECT nom_ville FROM ville WHERE id_ville = ${cite.idVille as number}`,
    );
    const nomVille = town!.nom_ville;
    await t.database.db.execute(
      sql`UPDATE ville SET nom_ville = ${`${nomVille}-Centre`} WHERE id_ville = ${cite.idVille as number}`,
    );
    try {
      const after = await list(t.app, url, etag);
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
    } finally {
      await t.database.db.execute(
        sql`UPDATE ville SET nom_ville = ${nomVille} WHERE id_ville = ${cite.idVille as number}`,
      );
    }
  });

  it('exports and the accounts list are not tagged', async () => {
    const csv = await list(t.app, 'campus/cite?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers.etag).toBeUndefined();
    const users = await t.api('GET', 'campus/users', { token: await t.token('admin') });
    expect(users.statusCode).toBe(200);
    expect(users.headers.etag).toBeUndefined();
  });

  it('the role is still checked before a 304', async () => {
    const etag = (await list(t.app, 'campus/cite')).headers.etag as string;
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/campus/cite`,
      headers: { 'if-none-match': etag },
    });
    expect(res.statusCode).toBe(401);
  });

  it('every table a tagged list reads is watched by the trigger', async () => {
    const tables = new Set(RESOURCES.flatMap((def) => revalidatedTables(def) ?? []));
    expect(tables.size).toBeGreaterThan(10);
    const found = await rows<{ t: string }>(
      t.database.db,
      sql`SELECT c.relname AS t FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid WHERE g.tgname = c.relname || '_table_modifiee'`,
    );
    const watched = new Set(found.map((r) => r.t));
    expect([...tables].filter((table) => !watched.has(table))).toEqual([]);
  });

  it('compares tags as RFC 9110 says (lists, weak tags, *)', () => {
    expect(matches('"a", "b"', '"b"')).toBe(true);
    expect(matches('W/"b"', '"b"')).toBe(true);
    expect(matches('*', '"b"')).toBe(true);
    expect(matches('"c"', '"b"')).toBe(false);
  });
});

/** Two instances of the server on one PostgreSQL (PGlite has one connection, hence one instance). */
describeOnPostgres('two instances on one PostgreSQL', () => {
  let other: { app: FastifyInstance; database: Database };
  beforeAll(async () => {
    const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client
      .options.connectionString;
    const database = await openDatabase({ databaseUrl: url, poolSize: 3 });
    const app = await buildApp({
      config: t.config,
      db: database.db,
      jwtSecret: 'x'.repeat(48),
      notifications: database.notifications,
    });
    await app.ready();
    other = { app, database };
  });
  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
  });

  it('both give the same tag, and a change made on one reaches the other', async () => {
    const url = 'campus/cite?page=0&size=1&sort=idCite,asc';
    const token = { authorization: `Bearer ${await t.token('cenou')}` };
    const read = (app: FastifyInstance, etag?: string) =>
      app.inject({
        method: 'GET',
        url: `${API_BASE}/${url}`,
        headers: { ...token, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const etag = (await read(t.app)).headers.etag as string;
    const there = await read(other.app, etag);
    expect(there.statusCode).toBe(304);
    expect((await read(other.app, etag)).statusCode).toBe(304);

    const cite = await firstCite();
    const name = cite.nomCite as string;
    const put = await t.api('PUT', `campus/cite/${cite.idCite as number}`, {
      token: await t.token('admin'),
      body: { ...cite, nomCite: `${name} bis` },
    });
    expect(put.statusCode, put.body).toBe(200);
    await vi.waitUntil(async () => (await read(other.app, etag)).statusCode === 200, {
      timeout: PATIENCE_MS,
      interval: 20,
    });
    await t.api('PUT', `campus/cite/${cite.idCite as number}`, {
      token: await t.token('admin'),
      body: { ...cite, nomCite: name },
    });
  });
});
