import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rows } from '../../src/server/db/client';
import { JobQueue, type JobHandler, type JobQueueOptions } from '../../src/server/jobs/queue';
import { claimJobs, dueInMs, releaseJobs, renewLease, type Claimed } from '../../src/server/jobs/repository';
import { withTransaction } from '../../src/server/db/transaction';
import { MAIL_QUEUE } from '../../src/server/mail/outbox';
import { REMINDER_QUEUE } from '../../src/server/modules/room-choice/repository';
import { WEBHOOK_QUEUE } from '../../src/server/payments/simulator/repository';
import {
  claimedSms,
  markSmsFailed,
  markSmsSent,
  SMS_QUEUE,
  type ClaimedSms,
} from '../../src/server/sms/outbox';
import { setupTestApp, type TestContext } from '../helpers/app';
import { copyTemplate } from '../helpers/db';
import { describeOnPostgres } from '../helpers/postgres';

/**
 * The job queue itself (docs/operations.md#the-job-queue, decision 044), on the SMS outbox's table
 * with handlers of the test's own: claims by two queues at once, retries with back-off, the dead
 * state after the last try, a lease that ran out claimed again and its first claim fenced off, and
 * the tries (run and failed) counted apart from the claims (the fence): a claim given back untried
 * costs no try.
 */

let t: TestContext;
const queues: JobQueue<typeof SMS_QUEUE.table, ClaimedSms, null>[] = [];

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  await t.close();
});
beforeEach(async () => {
  await t.database.db.execute(sql`DELETE FROM outbox_sms`);
});

async function queueSms(n: number): Promise<number[]> {
  const ids = await rows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO outbox_sms (kind, recipient, text_body)
        SELECT 'TEST', '+22670000000', 'Message ' || g FROM generate_series(1, ${n}) g RETURNING id`,
  );
  return ids.map((r) => Number(r.id)).sort((a, b) => a - b);
}

const state = () =>
  rows<{
    id: number;
    state: string;
    attempts: number;
    tries: number;
    last_error: string | null;
    wait_ms: number;
  }>(
    t.database.db,
    sql`SELECT id::int AS id, state, attempts, tries, last_error,
          round(extract(epoch FROM next_attempt_at - now()) * 1000)::int AS wait_ms
        FROM outbox_sms ORDER BY id`,
  );

function queue(
  handler: Partial<JobHandler<ClaimedSms, null>>,
  opts: Partial<JobQueueOptions> = {},
): JobQueue<typeof SMS_QUEUE.table, ClaimedSms, null> {
  const q = new JobQueue<typeof SMS_QUEUE.table, ClaimedSms, null>(
    SMS_QUEUE,
    {
      load: claimedSms,
      perform: async () => null,
      done: (db, sms) => markSmsSent(db, sms, null),
      dead: markSmsFailed,
      ...handler,
    },
    {
      name: 'test',
      db: t.database.db,
      log: t.app.log,
      intervalMs: 50,
      batchSize: 5,
      leaseMs: 60_000,
      retryBaseMs: 4000,
      parallel: true,
      ...opts,
    },
  );
  queues.push(q);
  return q;
}

describe('the job queue', () => {
  it('tries a failed job again after its back-off (doubling), the error kept, not before', async () => {
    const [id] = await queueSms(1);
    const q = queue({
      perform: () => Promise.reject(new Error('centre injoignable')),
    });
    expect(await q.runOnce()).toBe(0);
    let [row] = await state();
    expect([row.id, row.state, row.attempts, row.tries, row.last_error]).toEqual([
      id,
      'EN_ATTENTE',
      1,
      1,
      'centre injoignable',
    ]);
    expect(row.wait_ms).toBeGreaterThan(2000);
    expect(row.wait_ms).toBeLessThanOrEqual(4000);
    // Not due yet: a second pass claims nothing.
    expect(await q.runOnce()).toBe(0);
    expect((await state())[0].attempts).toBe(1);
    // Due again: the second failure waits twice as long.
    await t.database.db.execute(sql`UPDATE outbox_sms SET next_attempt_at = now()`);
    await q.runOnce();
    [row] = await state();
    expect([row.attempts, row.tries]).toEqual([2, 2]);
    expect(row.wait_ms).toBeGreaterThan(6000);
    expect(row.wait_ms).toBeLessThanOrEqual(8000);
  });

  it('gives a job up (dead) when its last attempt fails, and at once when it is refused for good', async () => {
    const [a, b] = await queueSms(2);
    const q = queue(
      {
        perform: (sms) => Promise.reject(new Error(sms.id === b ? 'refusé' : 'panne')),
        permanent: (err) => (err as Error).message === 'refusé',
      },
      { maxAttempts: 3 },
    );
    for (let i = 0; i < 3; i++) {
      await q.runOnce();
      await t.database.db.execute(
        sql`UPDATE outbox_sms SET next_attempt_at = now() WHERE state = 'EN_ATTENTE'`,
      );
      const rowB = (await state()).find((r) => r.id === b)!;
      expect([rowB.state, rowB.attempts, rowB.tries, rowB.last_error]).toEqual(['ECHEC', 1, 1, 'refusé']);
    }
    const rowA = (await state()).find((r) => r.id === a)!;
    expect([rowA.state, rowA.attempts, rowA.tries, rowA.last_error]).toEqual(['ECHEC', 3, 3, 'panne']);
    // Dead: never claimed again.
    expect(await claimJobs(t.database.db, SMS_QUEUE, 10, 1000)).toEqual([]);
  });

  it('claims the earliest due first, among many jobs done, and returns them in the order of their ids', async () => {
    // Jobs done fill the table (a season's mails sent); the claim reads the jobs still to do only.
    await t.database.db.execute(
      sql`INSERT INTO outbox_sms (kind, recipient, text_body, state)
          SELECT 'TEST', '+22670000000', 'Envoyé ' || g, 'ENVOYE' FROM generate_series(1, 500) g`,
    );
    const [a, b, c] = await queueSms(3);
    // The last queued is due first (a retry come due), the first one last.
    await t.database.db.execute(
      sql`UPDATE outbox_sms SET next_attempt_at = now() - make_interval(secs => CASE id
            WHEN ${a} THEN 1 WHEN ${b} THEN 2 ELSE 3 END) WHERE id IN (${a}, ${b}, ${c})`,
    );
    expect((await claimJobs(t.database.db, SMS_QUEUE, 1, 60_000)).map((j) => j.id)).toEqual([c]);
    expect((await claimJobs(t.database.db, SMS_QUEUE, 5, 60_000)).map((j) => j.id)).toEqual([a, b]);
    expect(await claimJobs(t.database.db, SMS_QUEUE, 5, 60_000)).toEqual([]);
  });

  it('claims again a job whose lease ran out; the first claim can no longer renew it nor record it', async () => {
    const [id] = await queueSms(1);
    const [first] = await claimJobs(t.database.db, SMS_QUEUE, 10, 60_000);
    expect(first).toEqual({ id, attempts: 1, tries: 0 });
    // Leased: nobody else gets it.
    expect(await claimJobs(t.database.db, SMS_QUEUE, 10, 60_000)).toEqual([]);
    // The lease runs out (its instance killed or stuck).
    await t.database.db.execute(sql`UPDATE outbox_sms SET next_attempt_at = now() - interval '1 second'`);
    const [second] = await claimJobs(t.database.db, SMS_QUEUE, 10, 60_000);
    // A lease lost is a claim, not a try.
    expect(second).toEqual({ id, attempts: 2, tries: 0 });
    expect(await renewLease(t.database.db, SMS_QUEUE, first, 60_000)).toBe(false);
    expect(await renewLease(t.database.db, SMS_QUEUE, second, 60_000)).toBe(true);
    // The first claim's outcome, refused or sent, is not recorded over the second's.
    expect(await markSmsFailed(t.database.db, first, 'trop tard')).toBe(false);
    expect(await markSmsSent(t.database.db, first, 'msg-1')).toBe(false);
    expect((await state())[0].state).toBe('EN_ATTENTE');
    expect(await markSmsSent(t.database.db, second, 'msg-2')).toBe(true);
    expect((await state())[0].state).toBe('ENVOYE');
  });

  it('keeps the fence after a claim is given back: an older claim never matches again', async () => {
    const [id] = await queueSms(1);
    const q = queue({});
    const [first] = await claimJobs(t.database.db, SMS_QUEUE, 10, 60_000);
    await t.database.db.execute(sql`UPDATE outbox_sms SET next_attempt_at = now() - interval '1 second'`);
    const [second] = await claimJobs(t.database.db, SMS_QUEUE, 10, 60_000);
    // The second claim gives the job back untried (a stop): the count stays where it was.
    await releaseJobs(t.database.db, SMS_QUEUE, [second], 0);
    expect((await state())[0].attempts).toBe(2);
    expect(await renewLease(t.database.db, SMS_QUEUE, first, 60_000)).toBe(false);
    expect(await markSmsSent(t.database.db, first, null)).toBe(false);
    // A third claim does it, and records it.
    expect(await q.runOnce()).toBe(1);
    const [row] = await state();
    expect([row.id, row.state, row.attempts]).toEqual([id, 'ENVOYE', 3]);
  });

  it('records nothing for a job whose lease was lost while it was tried', async () => {
    await queueSms(1);
    const q = queue({
      perform: async () => {
        // Meanwhile its lease runs out and another instance claims it.
        await t.database.db.execute(sql`UPDATE outbox_sms SET next_attempt_at = now() - interval '1 second'`);
        await claimJobs(t.database.db, SMS_QUEUE, 10, 60_000);
        return null;
      },
    });
    expect(await q.runOnce()).toBe(0);
    const [row] = await state();
    expect([row.state, row.attempts, row.tries]).toEqual(['EN_ATTENTE', 2, 0]);
  });

  it('performs at most `concurrency` jobs of a batch at once, the batch all done', async () => {
    const ids = await queueSms(12);
    let now = 0;
    let most = 0;
    const performed: number[] = [];
    const q = queue(
      {
        perform: async (sms) => {
          now += 1;
          most = Math.max(most, now);
          await new Promise((r) => setTimeout(r, 20));
          performed.push(sms.id);
          now -= 1;
          return null;
        },
      },
      { batchSize: 12, concurrency: 3 },
    );
    expect(await q.runOnce()).toBe(12);
    expect(most).toBe(3);
    expect([...performed].sort((a, b) => a - b)).toEqual(ids);
    expect((await state()).every((r) => r.state === 'ENVOYE' && r.attempts === 1)).toBe(true);
  });

  it('checks a job waiting for a place against its claim when its place comes: a lease lost meanwhile, not performed', async () => {
    const [a, b, c] = await queueSms(3);
    const performed: number[] = [];
    const q = queue(
      {
        perform: async (sms) => {
          if (sms.id === a) {
            // While the first is performed, the third's lease runs out and another instance claims it.
            await t.database.db.execute(
              sql`UPDATE outbox_sms SET next_attempt_at = now() - interval '1 second' WHERE id = ${c}`,
            );
            expect(await claimJobs(t.database.db, SMS_QUEUE, 1, 60_000)).toEqual([
              { id: c, attempts: 2, tries: 0 },
            ]);
          }
          // Each longer than the first half of the claim's lease, by the third's turn.
          await new Promise((r) => setTimeout(r, 150));
          performed.push(sms.id);
          return null;
        },
      },
      { batchSize: 3, concurrency: 1, leaseMs: 400 },
    );
    expect(await q.runOnce()).toBe(2);
    expect(performed).toEqual([a, b]);
    expect((await state()).map((r) => [r.id, r.state, r.attempts, r.tries])).toEqual([
      [a, 'ENVOYE', 1, 0],
      [b, 'ENVOYE', 1, 0],
      [c, 'EN_ATTENTE', 2, 0],
    ]);
  });

  it('gives its untried jobs back on a stop, their claim still counted (the fence)', async () => {
    await queueSms(5);
    let q: JobQueue<typeof SMS_QUEUE.table, ClaimedSms, null> | undefined = undefined;
    let stopping: Promise<void> | undefined;
    q = queue(
      {
        perform: async () => {
          stopping ??= q!.stop();
          return null;
        },
      },
      { parallel: false },
    );
    expect(await q.runOnce()).toBe(1);
    await stopping;
    const list = await state();
    // The sent one keeps its lease's time; those given back are due at once.
    expect(list.map((r) => [r.state, r.attempts, r.tries, r.state === 'ENVOYE' || r.wait_ms <= 0])).toEqual([
      ['ENVOYE', 1, 0, true],
      ['EN_ATTENTE', 1, 0, true],
      ['EN_ATTENTE', 1, 0, true],
      ['EN_ATTENTE', 1, 0, true],
      ['EN_ATTENTE', 1, 0, true],
    ]);
  });

  it('counts as tries only those that ran and failed: claims given back untried leave the job all its tries', async () => {
    const [id] = await queueSms(1);
    // Three claims given back untried (stops, or the instance giving up its batch).
    for (let i = 0; i < 3; i++) {
      const claimed = await claimJobs(t.database.db, SMS_QUEUE, 10, 60_000);
      expect(claimed).toEqual([{ id, attempts: i + 1, tries: 0 }]);
      await releaseJobs(t.database.db, SMS_QUEUE, claimed, 0);
    }
    const q = queue({ perform: () => Promise.reject(new Error('panne')) }, { maxAttempts: 2 });
    await q.runOnce();
    let [row] = await state();
    // The fourth claim, the first try: still to do, its back-off the first one's.
    expect([row.state, row.attempts, row.tries]).toEqual(['EN_ATTENTE', 4, 1]);
    expect(row.wait_ms).toBeLessThanOrEqual(4000);
    await t.database.db.execute(sql`UPDATE outbox_sms SET next_attempt_at = now()`);
    await q.runOnce();
    [row] = await state();
    // Its second try failed: given up after two tries, five claims.
    expect([row.state, row.attempts, row.tries, row.last_error]).toEqual(['ECHEC', 5, 2, 'panne']);
  });

  it('gives the rest of a batch back untried when the service is unreachable: only the job tried loses a try', async () => {
    await queueSms(3);
    const q = queue(
      {
        perform: () => Promise.reject(new Error('injoignable')),
        unreachable: () => true,
      },
      { parallel: false },
    );
    expect(await q.runOnce()).toBe(0);
    const list = await state();
    expect(list.map((r) => [r.state, r.attempts, r.tries])).toEqual([
      ['EN_ATTENTE', 1, 1],
      ['EN_ATTENTE', 1, 0],
      ['EN_ATTENTE', 1, 0],
    ]);
    // Given back after the tried job's back-off, as it is due again.
    expect(list.every((r) => r.wait_ms > 2000)).toBe(true);
  });

  it('woken, a service that is down is not asked again back to back: the jobs beyond the batch wait intervalMs', async () => {
    const tries: number[] = [];
    const q = queue(
      {
        perform: async () => {
          tries.push(Date.now());
          throw new Error('injoignable');
        },
        unreachable: () => true,
      },
      {
        parallel: false,
        intervalMs: 600,
        listeningPollMs: 60_000,
        firstDelayMs: 0,
        wakeGapMs: 50,
        wake: t.database.notifications,
      },
    );
    q.start();
    try {
      await sleep(100);
      // Twelve due, a batch of five: after the first round's failure seven are still due.
      await queueSms(12);
      await until(() => tries.length >= 1);
      await sleep(350);
      expect(tries).toHaveLength(1);
      await until(() => tries.length >= 2);
      expect(tries[1] - tries[0]).toBeGreaterThanOrEqual(550);
    } finally {
      await q.stop();
    }
  });

  it('woken by the commit that queues a job (the notifications live), by the clock only every listening poll', async () => {
    const seen: number[] = [];
    const q = queue(
      {
        perform: async (sms) => {
          seen.push(sms.id);
          return null;
        },
      },
      { intervalMs: 60_000, listeningPollMs: 60_000, firstDelayMs: 0, wake: t.database.notifications },
    );
    expect(t.database.notifications.live).toBe(true);
    q.start();
    try {
      await sleep(100);
      const [id] = await queueSms(1);
      await until(() => seen.includes(id));
      await until(async () => (await state())[0].state === 'ENVOYE');
    } finally {
      await q.stop();
    }
  });

  it('woken, a failed job is tried again when its back-off ends, with nothing else to wake the queue', async () => {
    const tries: number[] = [];
    const q = queue(
      {
        perform: async () => {
          tries.push(Date.now());
          if (tries.length === 1) throw new Error('panne');
          return null;
        },
      },
      {
        intervalMs: 60_000,
        listeningPollMs: 60_000,
        firstDelayMs: 0,
        retryBaseMs: 300,
        wake: t.database.notifications,
      },
    );
    q.start();
    try {
      await sleep(100);
      await queueSms(1);
      await until(() => tries.length >= 2);
      expect(tries[1] - tries[0]).toBeGreaterThanOrEqual(250);
      await until(async () => (await state())[0].state === 'ENVOYE');
    } finally {
      await q.stop();
    }
  });

  it('woken at the due time of a job queued for later, by an insert or by an update, not at the listening poll', async () => {
    const seen = new Map<number, number>();
    const q = queue(
      {
        perform: async (sms) => {
          seen.set(sms.id, Date.now());
          return null;
        },
      },
      { intervalMs: 60_000, listeningPollMs: 60_000, firstDelayMs: 0, wake: t.database.notifications },
    );
    q.start();
    try {
      await sleep(300);
      // Due in 20 s, then another due in 1 s: the timer armed for the first is re-armed earlier.
      await queueSmsIn(20_000);
      await sleep(300);
      const queued = Date.now();
      const [soon] = await queueSmsIn(1000);
      await until(() => seen.has(soon), DEADLINE_MS);
      // Taken at its due time (not before: the claim reads the database's clock), within the deadline.
      expect(seen.get(soon)! - queued).toBeGreaterThanOrEqual(900);
      // A row made a job due in 1 s by an update (the simulator's debit, AUCUN → EN_ATTENTE).
      const [later] = await rows<{ id: number }>(
        t.database.db,
        sql`INSERT INTO outbox_sms (kind, recipient, text_body, state) VALUES ('TEST', '+22670000000', 'Plus tard', 'ECHEC') RETURNING id`,
      );
      await sleep(300);
      const updated = Date.now();
      await t.database.db.execute(
        sql`UPDATE outbox_sms SET state = 'EN_ATTENTE', next_attempt_at = now() + interval '1 second' WHERE id = ${later.id}`,
      );
      await until(() => seen.has(Number(later.id)), DEADLINE_MS);
      expect(seen.get(Number(later.id))! - updated).toBeGreaterThanOrEqual(900);
      expect(seen.size).toBe(2);
    } finally {
      await q.stop();
    }
  });
});

/**
 * A job due in 1 s is taken by this deadline after its commit: generous for a loaded machine, far
 * below the loops' listening poll (30 s, 60 s in these tests) that found it before decision 140.
 */
const DEADLINE_MS = 3_000;

/** Queues one SMS due in `ms` → its id. */
async function queueSmsIn(ms: number, db = t.database.db): Promise<number[]> {
  const ids = await rows<{ id: number }>(
    db,
    sql`INSERT INTO outbox_sms (kind, recipient, text_body, next_attempt_at)
        VALUES ('TEST', '+22670000000', 'Plus tard', now() + make_interval(secs => ${ms / 1000})) RETURNING id`,
  );
  return ids.map((r) => Number(r.id));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for `done` (checked every 20 ms), failing after 10 s: a woken queue takes its job in ms. */
async function until(done: () => boolean | Promise<boolean>, limitMs = 10_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('not done in time');
    await sleep(20);
  }
}

describeOnPostgres('the job queue on several connections (PostgreSQL)', () => {
  it('runs every queue’s claim and next due time on one connection, each under its own name', async () => {
    // A statement prepared by name is kept by its connection: two queues' claims under one name
    // made the second refused there (« Prepared statements must be unique »), and its round lost.
    const [id] = await queueSms(1);
    const claimed: Record<string, number[]> = {};
    const due: Record<string, number | null> = {};
    // Rolled back at the end: the other queues' rows are left as they were.
    const rollback = new Error('annulé');
    await expect(
      withTransaction(t.database.db, async (tx) => {
        for (const [label, q] of [
          ['mail', MAIL_QUEUE],
          ['sms', SMS_QUEUE],
          ['webhooks', WEBHOOK_QUEUE],
          ['rappels', REMINDER_QUEUE],
        ] as const) {
          claimed[label] = (await claimJobs(tx, q as typeof SMS_QUEUE, 10, 60_000)).map((j) => j.id);
          due[label] = await dueInMs(tx, q as typeof SMS_QUEUE);
        }
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(Object.keys(claimed)).toEqual(['mail', 'sms', 'webhooks', 'rappels']);
    expect(claimed.sms).toEqual([id]);
    // Claimed: the SMS queue's next due time is its lease's end.
    expect(due.sms).toBeGreaterThan(50_000);
    expect((await state())[0].attempts).toBe(0);
  });

  it('two queues claiming at once do each job once', async () => {
    const ids = await queueSms(200);
    const seen: number[] = [];
    const handler = {
      perform: async (sms: Claimed) => {
        seen.push(sms.id);
        await new Promise((r) => setTimeout(r, 2));
        return null;
      },
    };
    const a = queue(handler, { batchSize: 7 });
    const b = queue(handler, { batchSize: 7 });
    const [da, db] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(da + db).toBe(200);
    expect(da).toBeGreaterThan(0);
    expect(db).toBeGreaterThan(0);
    expect(seen.sort((x, y) => x - y)).toEqual(ids);
    const list = await state();
    expect(list.every((r) => r.state === 'ENVOYE' && r.attempts === 1)).toBe(true);
  });

  it('a job queued through another instance wakes this one at its commit, or at its due time when queued for later', async () => {
    const copy = await copyTemplate(inject('dbTemplate'));
    const a = await openDatabase({ databaseUrl: copy.url, poolSize: 2 });
    const b = await openDatabase({ databaseUrl: copy.url, poolSize: 2 });
    const seen: number[] = [];
    const q = new JobQueue<typeof SMS_QUEUE.table, ClaimedSms, null>(
      SMS_QUEUE,
      {
        load: claimedSms,
        perform: async (sms) => {
          seen.push(sms.id);
          return null;
        },
        done: (db, sms) => markSmsSent(db, sms, null),
      },
      {
        name: 'test',
        db: a.db,
        log: t.app.log,
        intervalMs: 60_000,
        listeningPollMs: 60_000,
        firstDelayMs: 0,
        batchSize: 5,
        leaseMs: 60_000,
        parallel: true,
        wake: a.notifications,
      },
    );
    try {
      await until(() => a.notifications.live);
      q.start();
      await sleep(200);
      // Instance B queues an SMS; A's queue, which polls every minute, sends it at once.
      const [row] = await rows<{ id: number }>(
        b.db,
        sql`INSERT INTO outbox_sms (kind, recipient, text_body) VALUES ('TEST', '+22670000000', 'De B') RETURNING id`,
      );
      const queued = Date.now();
      await until(() => seen.includes(Number(row.id)));
      expect(Date.now() - queued).toBeLessThan(5_000);
      // Instance B queues an SMS due in 1 s: A's queue, told by B's commit, sends it then.
      const [later] = await queueSmsIn(1000, b.db);
      const laterAt = Date.now();
      await until(() => seen.includes(later), DEADLINE_MS);
      expect(Date.now() - laterAt).toBeGreaterThanOrEqual(900);
    } finally {
      await q.stop();
      await a.close();
      await b.close();
      await copy.drop();
    }
  });
});
