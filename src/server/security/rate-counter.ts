import { sql } from 'drizzle-orm';
import { RATE_WINDOW_MAX_MINUTES } from '../config/env';
import { one, type Db } from '../db/client';

/**
 * Fixed-window failure counters kept in the database, so that every instance behind a load
 * balancer sees the same counts (sign-in failures per username, INE look-up failures per INE).
 */
export async function isOverLimit(db: Db, key: string, max: number, windowMinutes: number): Promise<boolean> {
  return (await failuresIn(db, key, windowMinutes)) >= max;
}

/** The failures counted for `key` in its window still running (0: none, or the window has passed). */
export async function failuresIn(db: Db, key: string, windowMinutes: number): Promise<number> {
  const row = await one<{ count: number }>(
    db,
    sql`SELECT count FROM rate_counter
        WHERE key = ${key} AND window_start > now() - make_interval(mins => ${windowMinutes})`,
  );
  return row?.count ?? 0;
}

/** Counts one failure; starts a new window when the previous one has passed. Returns the count. */
export async function recordFailure(db: Db, key: string, windowMinutes: number): Promise<number> {
  const row = await one<{ count: number }>(
    db,
    sql`INSERT INTO rate_counter (key, window_start, count) VALUES (${key}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_counter.window_start > now() - make_interval(mins => ${windowMinutes})
                       THEN rate_counter.count + 1 ELSE 1 END,
          window_start = CASE WHEN rate_counter.window_start > now() - make_interval(mins => ${windowMinutes})
                       THEN rate_counter.window_start ELSE now() END
        RETURNING count`,
  );
  return row?.count ?? 1;
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_counter WHERE key = ${key}`);
}

/** Deletes counters whose window has ended, whatever the window (none is longer than the longest). */
export async function purgeExpiredCounters(db: Db): Promise<void> {
  await db.execute(
    sql`DELETE FROM rate_counter WHERE window_start < now() - make_interval(mins => ${RATE_WINDOW_MAX_MINUTES})`,
  );
}
