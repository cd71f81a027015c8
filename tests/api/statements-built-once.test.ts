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
    const seen: { client: object; statement: unknown }[] = [];
    for (const name of ['a', 'b', 'c']) {
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('cenou.essai', ${name}, true)`);
        const [own] = await rows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
        const [row] = await statement(tx).execute({ suffix: '-x' });
        // Its setting, local to the transaction: read on the transaction's own connection, inside it.
        expect(row.name).toBe(`${name}-x`);
        expect(Number(row.pid)).toBe(Number(own.pid));
        seen.push({ client: clientOf(tx), statement: statement(tx) });
      });
    }
    // One build per connection the transactions ran on: the same statement on the same connection.
    const connections = new Set(seen.map((s) => s.client));
    expect(builds()).toBe(connections.size);
    for (const a of seen)
      for (const b of seen) if (a.client === b.client) expect(a.statement).toBe(b.statement);
    // PostgreSQL's pool hands the connection released last to the next transaction: built once there.
    if (t.database.kind === 'pg') expect(connections.size).toBeLessThan(seen.length);
  });
});
