import { describe, expect, it, vi } from 'vitest';
import type { Db } from './client';
import { isReadOnlyStatement } from './client';
import {
  isCommitUncertain,
  isConnectionLost,
  isRetryable,
  isUniqueViolation,
  withTransaction,
} from './transaction';

/** A database whose transaction just calls the function (no SQL): enough to watch the retries. */
const fakeDb = () =>
  ({ transaction: vi.fn(async (fn: (tx: unknown) => unknown) => fn({})) }) as unknown as Db;

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
const wrapped = (code: string) => Object.assign(new Error('query failed'), { cause: pgError(code) });

describe('withTransaction', () => {
  it('runs again after a serialization failure or a deadlock, then succeeds', async () => {
    const db = fakeDb();
    const sleeps: number[] = [];
    let calls = 0;
    const result = await withTransaction(
      db,
      async () => {
        calls++;
        if (calls === 1) throw pgError('40001');
        if (calls === 2) throw wrapped('40P01');
        return 'ok';
      },
      { sleep: async (ms) => void sleeps.push(ms) },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(3);
    expect(db.transaction).toHaveBeenCalledTimes(3);
    // jittered backoff: below 20 ms, then below 40 ms
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(0);
    expect(sleeps[0]).toBeLessThan(20);
    expect(sleeps[1]).toBeLessThan(40);
  });

  it('gives up after the last attempt with the database error', async () => {
    let calls = 0;
    const run = withTransaction(
      fakeDb(),
      async () => {
        calls++;
        throw pgError('40001');
      },
      { attempts: 3, sleep: async () => {} },
    );
    await expect(run).rejects.toMatchObject({ code: '40001' });
    expect(calls).toBe(3);
  });

  it('never retries another error', async () => {
    let calls = 0;
    await expect(
      withTransaction(fakeDb(), async () => {
        calls++;
        throw pgError('23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(calls).toBe(1);
    expect(isRetryable(new Error('x'))).toBe(false);
  });
});

describe('isUniqueViolation', () => {
  it('finds the index named by PostgreSQL (constraint) or PGlite (message), wrapped or not', () => {
    const pg = Object.assign(pgError('23505'), { constraint: 'affectation_lit_session_live' });
    const pglite = Object.assign(
      new Error('duplicate key value violates unique constraint "dossier_etudiant_session_live"'),
      {
        code: '23505',
      },
    );
    expect(isUniqueViolation(pg, 'affectation_lit_session_live')).toBe(true);
    expect(
      isUniqueViolation(
        Object.assign(new Error('query failed'), { cause: pg }),
        'affectation_lit_session_live',
      ),
    ).toBe(true);
    expect(isUniqueViolation(pglite, 'dossier_etudiant_session_live')).toBe(true);
    expect(isUniqueViolation(pg, 'affectation_etudiant_session_live')).toBe(false);
    expect(isUniqueViolation(Object.assign(pgError('23503'), { constraint: 'x_live' }), 'x_live')).toBe(
      false,
    );
    expect(isUniqueViolation(null, 'x')).toBe(false);
  });
});

const lost = () =>
  Object.assign(new Error('query failed'), { cause: new Error('Connection terminated unexpectedly') });

describe('a lost connection (decision 025)', () => {
  it('is told by its code, its class 08, its message, wrapped or in an AggregateError', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '53300'])
      expect(isConnectionLost(Object.assign(new Error('x'), { cause: pgError(code) })), code).toBe(true);
    expect(isConnectionLost(lost())).toBe(true);
    expect(isConnectionLost(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isConnectionLost(new AggregateError([pgError('ECONNREFUSED')]))).toBe(true);
    for (const code of ['23505', '40001', '22P02', '42P01'])
      expect(isConnectionLost(wrapped(code)), code).toBe(false);
    expect(isConnectionLost(null)).toBe(false);
  });

  it('before COMMIT: the transaction runs once more, then succeeds', async () => {
    let calls = 0;
    const result = await withTransaction(fakeDb(), async () => {
      calls++;
      if (calls === 1) throw lost();
      return 'ok';
    });
    expect(result).toBe('ok');
    expect(calls).toBe(2);
  });

  it('before COMMIT twice: the error goes on after one retry, not marked uncertain', async () => {
    let calls = 0;
    const run = withTransaction(fakeDb(), async () => {
      calls++;
      throw lost();
    });
    const err = await run.catch((e: unknown) => e);
    expect(isConnectionLost(err)).toBe(true);
    expect(isCommitUncertain(err)).toBe(false);
    expect(calls).toBe(2);
  });

  it('at COMMIT: never run again, and marked uncertain', async () => {
    let calls = 0;
    const db = {
      transaction: vi.fn(async (fn: (tx: unknown) => unknown) => {
        await fn({});
        throw lost(); // the COMMIT's connection died
      }),
    } as unknown as Db;
    const err = await withTransaction(db, async () => void calls++).catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(isCommitUncertain(err)).toBe(true);
  });

  it('reads that may run again: plain SELECTs without a lock or an effect', () => {
    expect(isReadOnlyStatement('select * from ville where id = $1')).toBe(true);
    expect(isReadOnlyStatement('  SELECT 1')).toBe(true);
    expect(isReadOnlyStatement('SELECT id FROM outbox_mail FOR UPDATE SKIP LOCKED')).toBe(false);
    expect(isReadOnlyStatement("SELECT nextval('s')")).toBe(false);
    expect(isReadOnlyStatement('SELECT pg_advisory_xact_lock(1)')).toBe(false);
    expect(isReadOnlyStatement('WITH m AS (UPDATE t SET a = 1 RETURNING a) SELECT * FROM m')).toBe(false);
    expect(isReadOnlyStatement('INSERT INTO t VALUES (1)')).toBe(false);
  });
});
