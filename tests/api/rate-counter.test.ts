import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { one, type Database } from '../../src/server/db/client';
import {
  clearFailures,
  isOverLimit,
  purgeExpiredCounters,
  recordFailure,
} from '../../src/server/security/rate-counter';
import { createTestDatabase } from '../helpers/db';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(inject('dbTemplate'));
});
afterAll(() => database.close());

describe('database rate counters', () => {
  it('count failures in a window, start a new window when it has passed, and clear', async () => {
    const { db } = database;
    for (let i = 1; i <= 3; i++) expect(await recordFailure(db, 'k1', 15)).toBe(i);
    expect(await isOverLimit(db, 'k1', 3, 15)).toBe(true);
    expect(await isOverLimit(db, 'k1', 4, 15)).toBe(false);
    await db.execute(
      sql`UPDATE rate_counter SET window_start = now() - interval '16 minutes' WHERE key = 'k1'`,
    );
    expect(await isOverLimit(db, 'k1', 3, 15)).toBe(false);
    expect(await recordFailure(db, 'k1', 15)).toBe(1);
    await clearFailures(db, 'k1');
    expect(await one(db, sql`SELECT 1 FROM rate_counter WHERE key = 'k1'`)).toBeUndefined();
  });

  it('purge counters older than a day and keep recent ones', async () => {
    const { db } = database;
    await recordFailure(db, 'old', 15);
    await recordFailure(db, 'recent', 15);
    await db.execute(sql`UPDATE rate_counter SET window_start = now() - interval '2 days' WHERE key = 'old'`);
    await purgeExpiredCounters(db);
    const keys = (await db.execute(sql`SELECT key FROM rate_counter ORDER BY key`)) as unknown as {
      rows: { key: string }[];
    };
    expect(keys.rows.map((r) => r.key)).toEqual(['recent']);
  });
});
