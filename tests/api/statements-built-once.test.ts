import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { builtOnce, rows, type Db } from '../../src/server/db/client';
import { setupTestApp, type TestContext } from '../helpers/app';

/**
 * A hot statement is built once per connection (`builtOnce`, src/server/db/client.ts): the server's
 * pool shares one, and a statement made inside a transaction serves the later transactions of the
 * same pooled connection and runs on that connection, inside that transaction. On PostgreSQL and
 * PGlite (a PGlite transaction is an object of its own: one statement a transaction there).
 */
let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t?.close());

const clientOf = (db: Db) => (db._.session as unknown as { client: object }).client;

/**
 * A read of the backend's process and of a setting local to the transaction, with a value, built
 * once per connection.
 */
function counted() {
  let builds = 0;
  const statement = builtOnce((db) => {
    builds += 1;
    return db
      .select({
        pid: sql<number>`pg_backend_pid()`,
        name: sql<string | null>`current_setting('cenou.essai', true) || ${sql.placeholder('suffix')}::text`,
      })
      .from(sql`(SELECT 1) AS one`)
      .prepare('essai_construit_une_fois');
  });
  return { statement, builds: () => builds };
}

describe('a statement built once per connection', () => {
  it('is built once for the pool, whatever the number of calls and values', async () => {
    const { statement, builds } = counted();
    const db = t.database.db;
    const [first] = await statement(db).execute({ suffix: '-1' });
    const [second] = await statement(db).execute({ suffix: '-2' });
    // No setting outside a transaction (or an empty one once a transaction has set it on that connection).
    expect([null, '-1']).toContain(first.name);
    expect([null, '-2']).toContain(second.name);
    expect(statement(db)).toBe(statement(db));
    expect(builds()).toBe(1);
  });

  it('made in a transaction, runs on its connection, inside the transaction, and serves the next ones there', async () => {
    const { statement, builds } = counted();
    // The pool's own, built first: never the one a transaction runs.
    const ofPool = statement(t.database.db);
    const seen: { client: object; statement: unknown }[] = [];
    /** One transaction with its own setting: the statement reads it, on the transaction's connection. */
    const inTransaction = (name: string, meanwhile: () => Promise<void> = async () => undefined) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('cenou.essai', ${name}, true)`);
        const [own] = await rows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
        await meanwhile();
        const [row] = await statement(tx).execute({ suffix: '-x' });
        expect(row.name).toBe(`${name}-x`);
        expect(Number(row.pid)).toBe(Number(own.pid));
        // A savepoint runs on the same connection: the same statement.
        await tx.transaction(async (savepoint) => {
          expect(statement(savepoint)).toBe(statement(tx));
          const [inner] = await statement(savepoint).execute({ suffix: '-y' });
          expect(inner.name).toBe(`${name}-y`);
        });
        expect(statement(tx)).not.toBe(ofPool);
        seen.push({ client: clientOf(tx), statement: statement(tx) });
      });
    for (const name of ['a', 'b', 'c']) await inTransaction(name);
    if (t.database.kind === 'pg') {
      // Two transactions open at once hold two connections: each runs its own connection's statement.
      let release!: () => void;
      const bothOpen = new Promise<void>((resolve) => (release = resolve));
      let opened = 0;
      const waitForOther = async () => {
        opened += 1;
        if (opened === 2) release();
        await bothOpen;
      };
      await Promise.all([inTransaction('d', waitForOther), inTransaction('e', waitForOther)]);
    }
    // One build per connection the transactions ran on (and the pool's); the same statement on the same connection.
    const connections = new Set(seen.map((x) => x.client));
    expect(builds()).toBe(connections.size + 1);
    for (const x of seen)
      for (const y of seen) expect(x.statement === y.statement).toBe(x.client === y.client);
    if (t.database.kind === 'pg') {
      // PostgreSQL's pool hands the connection released last to the next transaction (the first
      // three shared one), and the two at once took two.
      expect(connections.size).toBe(2);
      expect(seen.slice(0, 3).every((x) => x.client === seen[0].client)).toBe(true);
    } else expect(connections.size).toBe(seen.length);
  });
});
