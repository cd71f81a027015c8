import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** The PostgreSQL code of an error, on the error itself or on its cause (Drizzle wraps driver errors). */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A unique-index violation (23505) on the index or constraint named `name`: PostgreSQL names it in
 * `constraint`, PGlite in the message; drizzle wraps either in `cause`.
 */
export function isUniqueViolation(err: unknown, name: string): boolean {
  if (pgErrorCode(err) !== '23505') return false;
  const e = err as {
    message?: unknown;
    constraint?: unknown;
    cause?: { message?: unknown; constraint?: unknown };
  } | null;
  return [e?.constraint, e?.message, e?.cause?.constraint, e?.cause?.message].some(
    (text) => typeof text === 'string' && text.includes(name),
  );
}

/** A serialization failure or a deadlock: the transaction lost a race and may simply run again. */
export const isRetryable = (err: unknown): boolean => {
  const code = pgErrorCode(err);
  return code === '40001' || code === '40P01';
};

/**
 * The PostgreSQL codes and Node socket codes of a database that cannot be reached or whose
 * connection died (docs/decisions/025-database-faults.md): refused or reset connections, a server
 * shutting down or starting (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now),
 * too many connections (53300), and every connection exception (class 08).
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** What node-postgres and pg-pool say, without a code, when a connection ends or cannot be made. */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|is not queryable|Connection ended unexpectedly/i;

/**
 * The database could not be reached, or the connection a statement ran on died: on the error, its
 * causes (Drizzle wraps driver errors in `cause`) or the errors of an `AggregateError` (a host with
 * several addresses). Not a refusal of the statement itself: running it again on a new connection
 * may succeed.
 */
export function isConnectionLost(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 6) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (CONNECTION_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)))
    return true;
  if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isConnectionLost(x, depth + 1))) return true;
  return isConnectionLost(e.cause, depth + 1);
}

const UNCERTAIN = Symbol('commit uncertain');

/**
 * The connection died after the transaction's COMMIT was sent: it may have committed or not. The
 * caller must not undo what a commit would keep (the deposit leaves its staged proofs to the sweep).
 */
export function isCommitUncertain(err: unknown): boolean {
  return Boolean(err && typeof err === 'object' && (err as Record<symbol, unknown>)[UNCERTAIN]);
}

interface RetryOptions {
  /** Runs in all, the first included (default 4). */
  attempts?: number;
  /** Base of the backoff: attempt n waits a random time in [0, base × 2^n) (default 20 ms). */
  baseDelayMs?: number;
  /** For tests. */
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` in a transaction; a serialization failure (40001) or a deadlock (40P01) rolls it back
 * and runs it again after a short jittered backoff (full jitter, 20, 40, 80 ms caps), up to
 * `attempts` runs; then the last error goes on (the error handler answers 503). A lost connection
 * (`isConnectionLost`) before `fn` returned, so before COMMIT was sent, runs it once more on a new
 * connection (nothing of it was committed); a lost connection after that is not retried (the
 * COMMIT may have been applied) and the error is marked `isCommitUncertain` (the error handler
 * answers 503). `fn` must be safe to run again: it does its reads and writes through `tx` only (no
 * mail sent, no file written outside the transaction). Inside another transaction no retry is
 * possible (the outer one is aborted too): `fn` then runs once, as a savepoint.
 */
export async function withTransaction<T>(
  db: Db,
  fn: (tx: Db) => Promise<T>,
  opts: RetryOptions = {},
): Promise<T> {
  if (db instanceof PgTransaction) return db.transaction((tx) => fn(tx as unknown as Db));
  const attempts = Math.max(1, opts.attempts ?? 4);
  const base = opts.baseDelayMs ?? 20;
  const sleep = opts.sleep ?? wait;
  let reconnected = false;
  for (let attempt = 1; ; attempt++) {
    let commitSent = false;
    try {
      return await db.transaction(async (tx) => {
        const result = await fn(tx as unknown as Db);
        commitSent = true;
        return result;
      });
    } catch (err) {
      if (isConnectionLost(err)) {
        if (commitSent) {
          if (err && typeof err === 'object') (err as Record<symbol, unknown>)[UNCERTAIN] = true;
          throw err;
        }
        if (reconnected) throw err;
        reconnected = true;
        // A turn of the event loop: the pool hears of its other connections that died with this one.
        await new Promise<void>((resolve) => setImmediate(resolve));
        attempt--;
        continue;
      }
      if (attempt >= attempts || !isRetryable(err)) throw err;
      await sleep(Math.random() * base * 2 ** (attempt - 1));
    }
  }
}
