/**
 * The database's clock: one clock for every instance (a slot's opening, a hold's end, a heartbeat),
 * never each server's own.
 */
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client';

/** `now()` as a field of a select, read as a Date whatever the driver gives (a string or a Date). */
export const nowSql = () => sql`now()`.mapWith((v: unknown) => (v instanceof Date ? v : new Date(String(v))));

/** The database's time now. */
export async function dbNow(db: Db): Promise<Date> {
  const [found] = await db.select({ now: nowSql() }).from(sql`(SELECT 1) one`);
  return found.now;
}

/**
 * A time as the API writes it, whatever the driver: ISO 8601 in UTC with milliseconds
 * (« 2026-12-01T10:52:00.000Z »), written by the database.
 */
export const isoUtc = (time: SQLWrapper) => sql<string>`${isoUtcOrNull(time)}`.mapWith(String);

/** The same of a time that may be null (a payment not succeeded yet): null stays null. */
export const isoUtcOrNull = (time: SQLWrapper) =>
  sql<string | null>`to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
