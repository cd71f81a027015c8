import type { FastifyBaseLogger } from 'fastify';
import { JOB_CHANNEL, type Notifications } from '../db/notifications';

/**
 * While the database tells this instance of new jobs (`travail_en_attente`, a trigger of each job
 * table at the commit that queues them), a loop looks on its own only this often: for what no
 * commit announces (a lease that ran out on a stopped instance, a lot's retry) and as a safety net.
 */
export const LISTENING_POLL_MS = 30_000;
/**
 * Two rounds woken by commits start at least this far apart: under a flow of commits a round
 * takes every job queued meanwhile (one claim for many), rather than a round per commit.
 */
export const WAKE_GAP_MS = 200;

/** What wakes a loop: the database's notifications of new rows in `tables` (their SQL names). */
export interface Wake {
  notifications: Notifications;
  tables: readonly string[];
}

export interface RoundLoopOptions {
  /** For the log. */
  name: string;
  log: FastifyBaseLogger;
  /** Between two rounds when nothing wakes the loop (no `wake`, or its listening connection down). */
  intervalMs: number;
  firstDelayMs?: number;
  wake?: Wake;
  /** Between two rounds while the notifications are live (default LISTENING_POLL_MS). */
  listeningPollMs?: number;
  /** Default WAKE_GAP_MS. */
  wakeGapMs?: number;
  /**
   * After a round, in how many ms its earliest job falls due (a retry's back-off, a slot's start),
   * when the round knows it: the loop looks again then rather than at its listening poll.
   */
  dueInMs?: () => number | undefined;
}

/**
 * A background task's schedule (docs/operations.md#the-job-queue): `round` is run after
 * `firstDelayMs`, then again `intervalMs` after each round ends, never two at once. With `wake`
 * and while the database's notifications are live, the loop polls only every `listeningPollMs` (or
 * when the round said its next job falls due) and runs a round as soon as a commit queues a row in
 * one of `tables`, whatever instance made it (each instance listens; the rows are claimed with
 * `FOR UPDATE SKIP LOCKED`, so one of them takes each job). A notification during a round runs
 * one more round after it. When the listening connection is lost the loop polls every
 * `intervalMs` again, and it runs a round as soon as the connection is back (a commit may have
 * been missed meanwhile).
 */
export class RoundLoop {
  private stopped = true;
  private timer?: NodeJS.Timeout;
  /** When the timer fires (ms since the epoch). */
  private timerAt = Infinity;
  private inRound = false;
  private again = false;
  private lastStart = 0;
  /** The tables named by notifications since the last round started. */
  private woken = new Set<string>();
  /** The timer was set by a notification (its round is for the tables woken), not by the clock. */
  private timerByWake = false;
  private subscribed = false;
  /** The connection came back during a round: the next round is a whole one, at once. */
  private afterRoundByClock = false;

  constructor(
    private readonly round: (woken: ReadonlySet<string> | null) => Promise<unknown>,
    private readonly opts: RoundLoopOptions,
  ) {}

  private get listening(): boolean {
    return this.opts.wake?.notifications.live === true;
  }

  start() {
    this.stopped = false;
    const wake = this.opts.wake;
    if (wake && !this.subscribed) {
      this.subscribed = true;
      const tables = new Set(wake.tables);
      wake.notifications.on(JOB_CHANNEL, (table) => {
        if (tables.has(table)) this.wake(table);
      });
      wake.notifications.onLive((live) => {
        if (live) this.wake(null);
        else this.schedule(this.opts.intervalMs);
      });
    }
    this.schedule(this.opts.firstDelayMs ?? 10);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
  }

  /** A commit queued a row in `table` (null: the listening connection is back): a round soon. */
  wake(table: string | null) {
    if (this.stopped) return;
    if (table !== null) this.woken.add(table);
    if (this.inRound) {
      this.again = table !== null || this.again;
      if (table === null) this.afterRoundByClock = true;
      return;
    }
    this.schedule(this.gapLeft(), table !== null);
  }

  /** The wait before a woken round: what is left of the gap since the last round started. */
  private gapLeft(): number {
    return Math.max(0, this.lastStart + (this.opts.wakeGapMs ?? WAKE_GAP_MS) - Date.now());
  }

  /** Runs the next round in `delayMs`, unless one is already due sooner. */
  private schedule(delayMs: number, byWake = false) {
    if (this.stopped || this.inRound) return;
    const at = Date.now() + delayMs;
    if (this.timer && this.timerAt <= at) {
      // The round already due sooner looks at everything when this one would have.
      if (!byWake) this.timerByWake = false;
      return;
    }
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timerByWake = byWake;
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref?.();
  }

  private async tick() {
    this.timer = undefined;
    this.timerAt = Infinity;
    if (this.stopped) return;
    this.inRound = true;
    this.again = false;
    this.lastStart = Date.now();
    // A round woken by commits is for their tables; one by the clock looks at everything.
    const woken = this.timerByWake ? this.woken : null;
    this.woken = new Set();
    try {
      await this.round(woken);
    } catch (err) {
      this.opts.log.error({ err }, `${this.opts.name} failed`);
    } finally {
      this.inRound = false;
    }
    if (this.stopped) return;
    if (this.afterRoundByClock) {
      this.afterRoundByClock = false;
      return this.schedule(0);
    }
    if (this.again) return this.schedule(this.gapLeft(), true);
    if (!this.listening) return this.schedule(this.opts.intervalMs);
    const poll = this.opts.listeningPollMs ?? LISTENING_POLL_MS;
    const due = this.opts.dueInMs?.();
    this.schedule(due === undefined ? poll : Math.min(poll, Math.max(due, this.gapLeft())));
  }
}
