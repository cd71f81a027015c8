/**
 * The statements of the fixed-window failure counters (`rate_counter`), its one writer, built over
 * the schema's table (docs/decisions/043-typed-queries.md). `rate-counter.ts` is what the modules call.
 */
import { and, eq, gt, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { RATE_WINDOW_MAX_MINUTES } from '../config/env';
import type { Db } from '../db/client';
import { rateCounter } from '../db/schema';

/** The start of a window of `minutes` still running now. */
const windowOpen = (minutes: number | Placeholder) => sql`now() - make_interval(mins => ${minutes})`;

const countIn = (db: Db, key: string | Placeholder, windowMinutes: number | Placeholder) =>
  db
    .select({ count: rateCounter.count })
    .from(rateCounter)
    .where(and(eq(rateCounter.key, key), gt(rateCounter.windowStart, windowOpen(windowMinutes))));

/** The failures counted for `key` in its window still running (0: none, or the window has passed). */
export async function failuresIn(db: Db, key: string, windowMinutes: number): Promise<number> {
  const [row] = await countIn(db, key, windowMinutes);
  return row?.count ?? 0;
}

/**
 * The same count as a column of another statement (`failuresIn`'s number): sign-in reads it with
 * the account, one round trip instead of two on the opening day's busiest call. The key and the
 * window may be placeholders of a statement prepared once.
 */
export function failuresColumn(
  db: Db,
  key: string | Placeholder,
  windowMinutes: number | Placeholder,
): SQL<number> {
  return sql<number>`coalesce((${countIn(db, key, windowMinutes)}), 0)`.mapWith(Number);
}

/** Counts one failure; starts a new window when the previous one has passed. Returns the count. */
export async function recordFailure(db: Db, key: string, windowMinutes: number): Promise<number> {
  const running = gt(rateCounter.windowStart, windowOpen(windowMinutes));
  const [row] = await db
    .insert(rateCounter)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateCounter.key,
      set: {
        count: sql`CASE WHEN ${running} THEN ${rateCounter.count} + 1 ELSE 1 END`,
        windowStart: sql`CASE WHEN ${running} THEN ${rateCounter.windowStart} ELSE now() END`,
      },
    })
    .returning({ count: rateCounter.count });
  return row?.count ?? 1;
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(rateCounter).where(eq(rateCounter.key, key));
}

/** Deletes counters whose window has ended, whatever the window (none is longer than the longest). */
export async function purgeExpiredCounters(db: Db): Promise<void> {
  await db.delete(rateCounter).where(lt(rateCounter.windowStart, windowOpen(RATE_WINDOW_MAX_MINUTES)));
}
