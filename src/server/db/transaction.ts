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

export interface RetryOptions {
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
 * `attempts` runs; then the last error goes on (the error handler answers 503). `fn` must be safe
 * to run again: it does its reads and writes through `tx` only (no mail sent, no file written
 * outside the transaction). Inside another transaction no retry is possible (the outer one is
 * aborted too): `fn` then runs once, as a savepoint.
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
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx as unknown as Db));
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
      await sleep(Math.random() * base * 2 ** (attempt - 1));
    }
  }
}
