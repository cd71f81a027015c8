import { and, eq, getTableColumns, getTableName, inArray, lte, min, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { builtOnce, placeholderAs, type Db } from '../db/client';

/**
 * The job queue's SQL (docs/decisions/044-one-job-queue.md), written once for every queue: a job is
 * a row of its outbox table (a mail, an SMS, a simulated webhook), written by its module in the
 * transaction of the change that causes it. This repository writes only the queue's own columns of
 * those rows (the claim count, the time of the next try, the last error); the table's module
 * records the outcome (sent, refused for good). Every statement after the claim is fenced by the
 * claim count: a job whose lease ran out and was claimed again elsewhere is no longer this claim's.
 */

type Columns<T extends PgTable> = T['_']['columns'];

/** The name of a column of `T` whose values are `V`: a renamed column fails where it is named. */
export type ColumnOf<T extends PgTable, V> = {
  [K in keyof Columns<T>]: Columns<T>[K]['_']['data'] extends V ? K : never;
}[keyof Columns<T>] &
  string;

/** A table that holds jobs: its queue columns and the condition of a job still to do. */
export interface QueueTable<T extends PgTable> {
  table: T;
  /** The queue's columns, by their names in the table's schema (checked by the compiler). */
  columns: {
    id: ColumnOf<T, number>;
    /** Claims made: raised by each claim and never lowered, the fence of its outcome. */
    attempts: ColumnOf<T, number>;
    /** Tries that ran and failed: the back-off and the last try; a claim given back untried adds none. */
    tries: ColumnOf<T, number>;
    /** When the job is due (a claimed job: when its lease ends). */
    nextAt: ColumnOf<T, Date>;
    lastError: ColumnOf<T, string>;
  };
  /** A job still to do (not done, not dead). */
  pending: SQL;
  /**
   * The claim's order (default: the due time, earliest first). Each queue table has an index on
   * its due time limited to the jobs still to do, which then gives the claim its jobs in order
   * and stops at the batch's size, however many jobs done the table holds. Claimed by the id, the
   * planner walked the primary key through every row done (a mail outbox of 2,500 rows read 1,900
   * pages for one mail, with the statistics stale).
   */
  order?: ColumnOf<T, number | Date>;
}

/** A claimed job: its row, the claim count that fences it, and its failed tries before this claim. */
export interface Claimed {
  id: number;
  attempts: number;
  tries: number;
}

/** A column of the queue's table, by its name. */
const column = <T extends PgTable>(q: QueueTable<T>, name: keyof Columns<T>) =>
  getTableColumns(q.table)[name] as AnyPgColumn;

const inSeconds = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/** A `SET` of the queue's own columns only (the generic statement cannot name them statically). */
function setOf<T extends PgTable>(
  q: QueueTable<T>,
  values: Partial<Record<'attempts' | 'tries' | 'nextAt' | 'lastError', SQL | string | null>>,
): PgUpdateSetSource<T> {
  const out: Partial<Record<string, SQL | string | null>> = {};
  for (const [k, v] of Object.entries(values)) out[q.columns[k as keyof typeof values]] = v;
  return out as PgUpdateSetSource<T>;
}

/**
 * The fence of a claimed job: still to do, and not claimed again since (its claim count is still
 * this claim's; the count only rises, so an old claim never matches again). Every write about a
 * claimed job is made under it, its outcome included (the module's repository records it with
 * this condition: a job whose lease was lost records nothing).
 */
export const fenced = <T extends PgTable>(q: QueueTable<T>, job: Claimed) =>
  and(eq(column(q, q.columns.id), job.id), eq(column(q, q.columns.attempts), job.attempts), q.pending);

/**
 * `fenced` for a statement built once: the job's id and claim count are its placeholders `id` and
 * `attempts`, given at each execution.
 */
export const fencedByPlaceholders = <T extends PgTable>(q: QueueTable<T>) =>
  and(
    eq(column(q, q.columns.id), sql.placeholder('id')),
    eq(column(q, q.columns.attempts), sql.placeholder('attempts')),
    q.pending,
  );

/**
 * Reserves up to `limit` due jobs for `leaseMs` (`FOR UPDATE SKIP LOCKED`: several instances claim
 * at once, each job goes to one), raising their claim count; the earliest due first, returned in
 * the order of their ids.
 */
export async function claimJobs<T extends PgTable>(
  db: Db,
  q: QueueTable<T>,
  limit: number,
  leaseMs: number,
): Promise<Claimed[]> {
  const claimed = await statementsOf(q)
    .claim(db)
    .execute({ limit, leaseSeconds: leaseMs / 1000 });
  return claimed
    .map((r) => ({ id: Number(r.id), attempts: Number(r.attempts), tries: Number(r.tries) }))
    .sort((a, b) => a.id - b.id);
}

/**
 * A queue's claim and due time, the two statements of each of its rounds, built once per queue and
 * connection (prepared under the table's name): a round that finds nothing costs the database two
 * executions, not two plans.
 */
function queueStatements<T extends PgTable>(q: QueueTable<T>) {
  const name = getTableName(q.table);
  const id = column(q, q.columns.id);
  const attempts = column(q, q.columns.attempts);
  const tries = column(q, q.columns.tries);
  const nextAt = column(q, q.columns.nextAt);
  return {
    claim: builtOnce((db) => {
      const due = db
        .select({ id })
        .from(q.table as PgTable)
        .where(and(q.pending, lte(nextAt, sql`now()`)))
        .orderBy(column(q, q.order ?? q.columns.nextAt))
        .limit(sql.placeholder('limit'))
        .for('update', { skipLocked: true });
      // The table as any table: the rows' type is the returning's own, not one per queue's table.
      const table: PgTable = q.table;
      return db
        .update(table)
        .set(
          setOf(q, {
            attempts: sql`${attempts} + 1`,
            nextAt: sql`now() + make_interval(secs => ${placeholderAs('leaseSeconds', 'float8')})`,
          }) as PgUpdateSetSource<PgTable>,
        )
        .where(inArray(id, due))
        .returning({ id, attempts, tries })
        .prepare(`travaux_pris_${name}`);
    }),
    dueIn: builtOnce((db) =>
      db
        .select({ ms: sql<number | null>`extract(epoch FROM ${min(nextAt)} - now()) * 1000` })
        .from(q.table as PgTable)
        .where(q.pending)
        .prepare(`travail_suivant_${name}`),
    ),
  };
}

/** Each queue's statements, made at its first claim. */
const builtStatements = new WeakMap<object, unknown>();

function statementsOf<T extends PgTable>(q: QueueTable<T>) {
  type Made = ReturnType<typeof queueStatements<T>>;
  let made = builtStatements.get(q) as Made | undefined;
  if (!made) {
    made = queueStatements(q);
    builtStatements.set(q, made);
  }
  return made;
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
    .returning({ id: column(q, q.columns.id) });
  return row.length > 0;
}

/**
 * Gives back claimed jobs that were not tried, due after `delayMs`. Their claim stays counted (the
 * count is the fence, and lowering it would let an older claim of the same job match again), their
 * tries do not change: a job given back at a stop or while its service is unreachable loses no try.
 */
export async function releaseJobs<T extends PgTable>(
  db: Db,
  q: QueueTable<T>,
  jobs: readonly Claimed[],
  delayMs: number,
): Promise<void> {
  for (const job of jobs)
    await db
      .update(q.table)
      .set(setOf(q, { nextAt: inSeconds(delayMs) }))
      .where(fenced(q, job));
}

/** A failed try: counted, the error kept, the job due again after `delayMs`. */
export async function retryJob<T extends PgTable>(
  db: Db,
  q: QueueTable<T>,
  job: Claimed,
  error: string,
  delayMs: number,
): Promise<void> {
  await db
    .update(q.table)
    .set(
      setOf(q, {
        tries: sql`${column(q, q.columns.tries)} + 1`,
        lastError: error.slice(0, 500),
        nextAt: inSeconds(delayMs),
      }),
    )
    .where(fenced(q, job));
}

/**
 * In how many ms the earliest job still to do falls due (0 or less: due now; a claimed job's is
 * its lease's end), by the database's clock; null when there is none.
 */
export async function dueInMs<T extends PgTable>(db: Db, q: QueueTable<T>): Promise<number | null> {
  const [row] = await statementsOf(q).dueIn(db).execute({});
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
}
