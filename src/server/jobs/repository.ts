import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * The job queue's SQL (docs/decisions/044-one-job-queue.md), written once for every queue: a job is
 * a row of its outbox table (a mail, an SMS, a simulated webhook), written by its module in the
 * transaction of the change that causes it. This repository writes only the queue's own columns of
 * those rows (the claim count, the time of the next try, the last error); the table's module
 * records the outcome (sent, refused for good). Every statement after the claim is fenced by the
 * claim count: a job whose lease ran out and was claimed again elsewhere is no longer this claim's.
 */

/** A table that holds jobs: its queue columns and the condition of a job still to do. */
export interface QueueTable<T extends PgTable> {
  table: T;
  id: AnyPgColumn<{ data: number }>;
  /** Claims made: raised by each claim, the fence of its outcome. */
  attempts: AnyPgColumn<{ data: number }>;
  /** When the job is due (a claimed job: when its lease ends). */
  nextAt: AnyPgColumn;
  lastError: AnyPgColumn;
  /** The same three by their property names in the table (for `SET`). */
  keys: { attempts: string; nextAt: string; lastError: string };
  /** A job still to do (not done, not dead). */
  pending: SQL;
  /** The claim's order (default: the id, oldest first). */
  order?: AnyPgColumn;
}

/** A claimed job: its row and the claim count that fences it. */
export interface Claimed {
  id: number;
  attempts: number;
}

const inSeconds = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

function setOf<T extends PgTable>(
  q: QueueTable<T>,
  values: Partial<Record<'attempts' | 'nextAt' | 'lastError', unknown>>,
) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[q.keys[k as keyof typeof q.keys]] = v;
  return out as PgUpdateSetSource<T>;
}

const fenced = <T extends PgTable>(q: QueueTable<T>, job: Claimed) =>
  and(eq(q.id, job.id), eq(q.attempts, job.attempts), q.pending);

/**
 * Reserves up to `limit` due jobs for `leaseMs` (`FOR UPDATE SKIP LOCKED`: several instances claim
 * at once, each job goes to one), raising their claim count; oldest first.
 */
export async function claimJobs<T extends PgTable>(
  db: Db,
  q: QueueTable<T>,
  limit: number,
  leaseMs: number,
): Promise<Claimed[]> {
  const due = db
    .select({ id: q.id })
    .from(q.table as PgTable)
    .where(and(q.pending, lte(q.nextAt, sql`now()`)))
    .orderBy(q.order ?? q.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(q.table)
    .set(setOf(q, { attempts: sql`${q.attempts} + 1`, nextAt: inSeconds(leaseMs) }))
    .where(inArray(q.id, due))
    .returning({ id: q.id, attempts: q.attempts });
  return claimed.map((r) => ({ id: Number(r.id), attempts: Number(r.attempts) })).sort((a, b) => a.id - b.id);
}

/** Renews the lease if the job is still this claim's (to do, not claimed again since). */
export async function renewLease<T extends PgTable>(
  db: Db,
  q: QueueTable<T>,
  job: Claimed,
  leaseMs: number,
): Promise<boolean> {
  const row = await db
    .update(q.table)
    .set(setOf(q, { nextAt: inSeconds(leaseMs) }))
    .where(fenced(q, job))
    .returning({ id: q.id });
  return row.length > 0;
}

/** Gives back claimed jobs that were not tried: their claim is not counted; due after `delayMs`. */
export async function releaseJobs<T extends PgTable>(
  db: Db,
  q: QueueTable<T>,
  jobs: readonly Claimed[],
  delayMs: number,
): Promise<void> {
  for (const job of jobs)
    await db
      .update(q.table)
      .set(setOf(q, { attempts: sql`${q.attempts} - 1`, nextAt: inSeconds(delayMs) }))
      .where(fenced(q, job));
}

/** A failed try: the error kept, the job due again after `delayMs`. */
export async function retryJob<T extends PgTable>(
  db: Db,
  q: QueueTable<T>,
  job: Claimed,
  error: string,
  delayMs: number,
): Promise<void> {
  await db
    .update(q.table)
    .set(setOf(q, { lastError: error.slice(0, 500), nextAt: inSeconds(delayMs) }))
    .where(fenced(q, job));
}
