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

/**
 * A timer armed for a job's due time fires this much after it: the notification's delay is counted
 * from just before its commit, and a round a little early would find nothing and wait a gap more.
 */
const DUE_SLACK_MS = 5;

/**
 * A notification of `travail_en_attente` (migrations 0061 and 0062): the table's name, then, for a
 * job not due at once, in how many ms it falls due (`outbox_sms 1000`).
 */
export function parseJobPayload(payload: string): { table: string; dueInMs: number } {
  const space = payload.indexOf(' ');
  if (space < 0) return { table: payload, dueInMs: 0 };
  const ms = Number(payload.slice(space + 1));
  return { table: payload.slice(0, space), dueInMs: Number.isFinite(ms) ? ms : 0 };
}

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
  /** When the last round that looked at everything started (a round by the clock). */
  private lastWhole = 0;
  /** The tables named by notifications since the last round started. */
  private woken = new Set<string>();
  /** The timer was set by a notification (its round is for the tables woken), not by the clock. */
  private timerByWake = false;
  private subscribed = false;
  /** The connection came back during a round: the next round is a whole one, at once. */
  private afterRoundByClock = false;
  /** The earliest due time a notification told of that no round has reached yet (ms since the epoch). */
  private toldDueAt = Infinity;

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
      wake.notifications.on(JOB_CHANNEL, (payload) => {
        const { table, dueInMs } = parseJobPayload(payload);
        if (!tables.has(table)) return;
        if (dueInMs > 0) this.dueLater(dueInMs);
        else this.wake(table);
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
    this.toldDueAt = Infinity;
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

  /**
   * A commit queued a job (or brought one earlier) that falls due in `ms`, by the database's clock:
   * a round then, unless one is already due sooner (re-armed when an earlier one is told). During
   * a round, kept for the schedule that follows it (the round's own look at the queue may have been
   * made before that commit).
   */
  dueLater(ms: number) {
    if (this.stopped) return;
    const at = Date.now() + ms + DUE_SLACK_MS;
    this.toldDueAt = Math.min(this.toldDueAt, at);
    this.schedule(at - Date.now());
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
    // A job told due by now is this round's to take; one told due later is kept for after it. (A
    // timer may fire a millisecond before the wall clock says: the slack counts as reached.)
    if (this.toldDueAt <= this.lastStart + DUE_SLACK_MS) this.toldDueAt = Infinity;
    // A round woken by commits is for their tables; one by the clock looks at everything, and so
    // does a woken one when no whole round ran for a listening poll (a steady flow of commits
    // would otherwise keep putting off what no commit announces: a lot given back for a retry).
    const poll = this.opts.listeningPollMs ?? LISTENING_POLL_MS;
    const whole = !this.timerByWake || this.lastStart - this.lastWhole >= poll;
    const woken = whole ? null : this.woken;
    if (whole) this.lastWhole = this.lastStart;
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
    // The earliest of: what the round read of its queue, what a notification told since.
    const read = this.opts.dueInMs?.() ?? Infinity;
    const due = Math.min(read, this.toldDueAt - Date.now());
    this.schedule(due === Infinity ? poll : Math.min(poll, Math.max(due, this.gapLeft())));
  }
}
