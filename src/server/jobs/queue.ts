import type { FastifyBaseLogger } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { getTableName } from 'drizzle-orm';
import {
  claimJobs,
  dueInMs,
  releaseJobs,
  renewLease,
  retryJob,
  type Claimed,
  type QueueTable,
} from './repository';
import { RoundLoop, type RoundLoopOptions } from './loop';
import { retryDelayMs } from './runner';
import type { Notifications } from '../db/notifications';

/**
 * What one queue does with its jobs (a mail, an SMS, a simulated webhook): the rules of the queue
 * itself (claim, lease, fence, retries with back-off, dead after the last attempt, the stop) are
 * `JobQueue`'s, the same for all (docs/decisions/044-one-job-queue.md).
 */
export interface JobHandler<J extends Claimed, R> {
  /** Reads the claimed jobs' content (its module's repository), in the same order. */
  load(db: Db, jobs: Claimed[]): Promise<J[]>;
  /** Does the job (sends it); throws when it was not done. */
  perform(job: J): Promise<R>;
  /**
   * Records it as done, fenced by its claim (its module's repository, under `fenced`) → false when
   * the claim was no longer this one's (its lease ran out and it was claimed again): nothing
   * recorded. Retried on an error: once done, never again.
   */
  done(db: Db, job: J, result: R): Promise<boolean>;
  /** Records it as dead: refused for good, or its last attempt failed (its module's repository, fenced the same way). */
  dead?(db: Db, job: J, error: string): Promise<boolean>;
  /** The failure says this job can never be done (it goes dead at once). */
  permanent?(err: unknown): boolean;
  /** The failure says the service is unreachable: the rest of the batch waits with this job. */
  unreachable?(err: unknown): boolean;
}

export interface JobQueueOptions {
  /** For the logs: `mail`, `sms`, `webhook`. */
  name: string;
  db: Db;
  log: FastifyBaseLogger;
  /** How often the queue looks for due jobs (QUEUE_INTERVAL_MS) when nothing wakes it. */
  intervalMs: number;
  firstDelayMs?: number;
  /**
   * The database's notifications: the queue is woken by a commit that queues a job in its table
   * (or in `wakeTables`), and otherwise looks only when its earliest job falls due or every
   * `listeningPollMs` (src/server/jobs/loop.ts); every `intervalMs` while they are not live.
   */
  wake?: Notifications;
  listeningPollMs?: RoundLoopOptions['listeningPollMs'];
  wakeGapMs?: RoundLoopOptions['wakeGapMs'];
  /** Jobs one claim reserves. */
  batchSize: number;
  /** How long a claimed job stays reserved; renewed just before the job is tried. */
  leaseMs: number;
  /** Tries: the job is dead once this many tries ran and failed (claims given back untried do not count); unset: never dead. */
  maxAttempts?: number;
  /** First retry delay; doubles at each failure, up to maxRetryMs. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** Jobs of a batch tried at once (true) or one after the other (false). */
  parallel: boolean;
  /**
   * With `parallel`: at most this many jobs performed at once (the SMS centre's window); the others
   * of the batch wait for a place, and each is checked against its claim's fence only once it has
   * one, just before it is performed. Unset: the whole batch at once. A batch larger than this keeps
   * the places full while finished jobs are recorded (never a wait for the batch's slowest before the
   * next claim of a batch no larger than the window).
   */
  concurrency?: number;
}

const errorText = (err: unknown) => {
  const e = err as { message?: string } | undefined;
  return String(e?.message ?? err).slice(0, 500);
};

/**
 * One leased queue over a table of jobs (`QueueTable`): due jobs are claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease, so that several instances share the work; each claim raises
 * the job's claim count, which fences it: just before the job is tried its lease is renewed only if
 * the count is still this claim's, so a job whose lease ran out and was claimed elsewhere is not
 * tried twice (within the first half of the lease no renewal is needed), and the handler records the outcome under the same fence (`fenced`): a claim that
 * lost its lease records nothing (docs/decisions/049-queue-fence-money-one-way-typed-rent.md). A failure is
 * tried again after `retryBaseMs` doubling up to `maxRetryMs`; a job refused for good, or whose
 * `maxAttempts`-th try failed, is dead. A stop gives the untried jobs of the batch back (their claim
 * stays counted, the count only rises; their tries do not: the back-off and the last try count the
 * tries that ran and failed, a separate column).
 */
export class JobQueue<T extends PgTable, J extends Claimed, R> {
  private stopped = false;
  private loop?: RoundLoop;
  private running?: Promise<number>;
  /** When the batch being tried was claimed (ms since the epoch, read just before the claim). */
  private claimedAt = 0;
  /** When the last pass ended with every due job taken: in how many ms the earliest job left falls due. */
  private dueIn?: { ms: number; at: number };
  /** The last pass stopped on an unreachable service: the jobs left wait `intervalMs` at least. */
  private blocked = false;
  /** Jobs holding a place now (`concurrency`), and the wake-ups of those waiting for one. */
  private performing = 0;
  private readonly placeWaiters: (() => void)[] = [];

  constructor(
    private readonly table: QueueTable<T>,
    private readonly handler: JobHandler<J, R>,
    private readonly opts: JobQueueOptions,
  ) {}

  /** Starts the loop (src/server/jobs/loop.ts): `runOnce` every `intervalMs`, or when woken (`wake`). */
  start() {
    this.stopped = false;
    const { wake } = this.opts;
    this.loop ??= new RoundLoop(() => this.runOnce(), {
      name: `${this.opts.name} queue`,
      log: this.opts.log,
      intervalMs: this.opts.intervalMs,
      firstDelayMs: this.opts.firstDelayMs,
      listeningPollMs: this.opts.listeningPollMs,
      wakeGapMs: this.opts.wakeGapMs,
      wake: wake
        ? {
            notifications: wake,
            tables: [getTableName(this.table.table)],
          }
        : undefined,
      dueInMs: () => (this.dueIn ? this.dueIn.ms - (Date.now() - this.dueIn.at) : undefined),
    });
    this.loop.start();
  }

  /** Stops the loop; the run under way gives back its untried jobs and ends. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.loop?.stop();
    await this.running?.catch(() => undefined);
  }

  /** Does what is due now (never two runs at once in this process) → how many jobs were done. */
  runOnce(): Promise<number> {
    if (!this.running) {
      this.running = this.runDue().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  /** The wait before the next try of a job whose `tries`-th try failed. */
  backoffMs(tries: number): number {
    return retryDelayMs(tries, this.opts.retryBaseMs, this.opts.maxRetryMs);
  }

  private async runDue(): Promise<number> {
    this.dueIn = undefined;
    const done = await this.passes();
    await this.noteDue();
    return done;
  }

  /** Claims and tries batches until every due job is taken (or the service is unreachable, or a stop). */
  private async passes(): Promise<number> {
    let done = 0;
    this.blocked = false;
    while (!this.stopped) {
      // Taken before the claim is sent: the lease runs at least this long from here.
      this.claimedAt = Date.now();
      const claimed = await claimJobs(this.opts.db, this.table, this.opts.batchSize, this.opts.leaseMs);
      // Fewer than a batch: every job due at the claim is taken (one queued since was announced
      // by its commit, and wakes another pass).
      const drained = claimed.length < this.opts.batchSize;
      if (claimed.length === 0) break;
      const batch = await this.handler.load(this.opts.db, claimed);
      if (this.opts.parallel) {
        const results = await Promise.all(batch.map((j) => this.tryOne(j).catch(() => 'failed' as const)));
        done += results.filter((r) => r === 'done').length;
        // Nothing done (the service unreachable): the next tick, after the back-off.
        if (!results.includes('done')) {
          this.blocked = true;
          break;
        }
        if (drained) break;
        continue;
      }
      for (let i = 0; i < batch.length; i++) {
        const outcome = await this.tryOne(batch[i]);
        if (outcome === 'done') done++;
        if (outcome === 'unreachable') {
          this.blocked = true;
          await releaseJobs(this.opts.db, this.table, batch.slice(i + 1), this.backoffMs(batch[i].tries + 1));
          return done;
        }
        if (outcome === 'stopped') {
          await releaseJobs(this.opts.db, this.table, batch.slice(i + 1), 0);
          return done;
        }
      }
      if (drained) break;
    }
    return done;
  }

  /**
   * After a pass, and only while woken by commits (otherwise the loop polls anyway): when the
   * earliest job left falls due (a retry after its back-off, a slot's start, a lease), for the
   * loop's timer.
   */
  private async noteDue(): Promise<void> {
    if (!this.opts.wake?.live || this.stopped) return;
    const ms = await dueInMs(this.opts.db, this.table);
    // The service unreachable: the jobs beyond the batch are still due, but the next round waits
    // as a polled loop would (never back to back against a service that is down).
    if (this.blocked) this.dueIn = { ms: Math.max(ms ?? 0, this.opts.intervalMs), at: Date.now() };
    else if (ms !== null) this.dueIn = { ms, at: Date.now() };
  }

  /** The job's lease ran out while it was tried: another claim has it, and records its own outcome. */
  private leaseLost(job: J) {
    this.opts.log.warn(
      { id: job.id, attempts: job.attempts },
      `${this.opts.name} lease lost, outcome not recorded`,
    );
  }

  /**
   * Waits for a place among the jobs performed at once (`concurrency`; none to wait for without
   * it) → what gives the place to the next job waiting (once, however often it is called).
   */
  private async place(): Promise<() => void> {
    const limit = this.opts.parallel ? this.opts.concurrency : undefined;
    while (limit !== undefined && this.performing >= limit)
      await new Promise<void>((resolve) => this.placeWaiters.push(resolve));
    this.performing += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.performing -= 1;
      this.placeWaiters.shift()?.();
    };
  }

  private async tryOne(job: J): Promise<'done' | 'failed' | 'unreachable' | 'stopped' | 'lost'> {
    const { db, log, name } = this.opts;
    // A job tried within the first half of its claim's lease is still this claim's (no other
    // instance claims it before the lease ends) and keeps at least half a lease, far above one
    // try: its renewal would be a statement for nothing (the first jobs of a batch, every job of
    // a woken round). Later in a long batch the lease is renewed, fenced, as before. Both are
    // checked once the job has its place (`concurrency`), just before it is performed; a stop
    // meanwhile gives it back untried.
    const leave = await this.place();
    let result: R;
    try {
      if (this.stopped) {
        leave();
        await releaseJobs(db, this.table, [job], 0);
        return 'stopped';
      }
      const fresh = Date.now() - this.claimedAt < this.opts.leaseMs / 2;
      if (!fresh && !(await renewLease(db, this.table, job, this.opts.leaseMs))) {
        leave();
        return 'lost';
      }
    } catch (err) {
      leave();
      throw err;
    }
    try {
      result = await this.handler.perform(job);
    } catch (err) {
      leave();
      const error = errorText(err);
      // This try is the job's (tries + 1)-th: claims given back untried are not among them.
      const tries = job.tries + 1;
      const last = this.opts.maxAttempts !== undefined && tries >= this.opts.maxAttempts;
      const dead = this.handler.dead !== undefined && (last || this.handler.permanent?.(err) === true);
      log.warn({ id: job.id, tries, err: error }, dead ? `${name} given up` : `${name} not sent, will retry`);
      // The try counted (and its error kept) under the claim's fence, then a dead job recorded.
      await retryJob(db, this.table, job, error, this.backoffMs(tries));
      if (dead) {
        if (!(await this.handler.dead!(db, job, error))) this.leaseLost(job);
        return 'failed';
      }
      return this.handler.unreachable?.(err) ? 'unreachable' : 'failed';
    }
    leave();
    for (let attempt = 1; ; attempt++) {
      try {
        if (await this.handler.done(db, job, result)) return 'done';
        this.leaseLost(job);
        return 'lost';
      } catch (err) {
        // Done but not recorded: keep trying, or another claim would do it again.
        if (attempt >= 5) {
          log.error({ id: job.id, err }, `${name} sent but not recorded as sent`);
          return 'done';
        }
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  }
}
