import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Notifications } from '../../db/notifications';
import { withTransaction } from '../../db/transaction';
import { PeriodicJob } from '../../jobs/runner';
import { claimIncoming, INCOMING_TABLE, markFailed, markProcessed } from './repository';
import { answerIncoming, type AnswerContext } from './service';

/** Failed handlings (faults, not refusals) before a message is set aside as ERREUR. */
export const SMS_ENTRANT_MAX_ATTEMPTS = 5;

/**
 * Answers every message waiting (service.ts), one transaction each, oldest first; returns how many.
 * Several runs (instances) share the work: each claims its message with FOR UPDATE SKIP LOCKED. A
 * message whose handling failed (a fault: the database, a bug) is left for the next run, counted;
 * after SMS_ENTRANT_MAX_ATTEMPTS it is set aside (ERREUR) and logged.
 */
export async function runSmsAnswers(
  db: Db,
  ctx: AnswerContext & { log?: FastifyBaseLogger },
): Promise<number> {
  const failed: number[] = [];
  let handled = 0;
  for (;;) {
    let claimed: number | undefined;
    try {
      const done = await withTransaction(db, async (tx) => {
        const m = await claimIncoming(tx, failed);
        if (!m) return false;
        claimed = m.id;
        await markProcessed(tx, m.id, await answerIncoming(tx, m, ctx), ctx.now);
        return true;
      });
      if (!done) break;
      handled += 1;
    } catch (err) {
      if (claimed === undefined) throw err;
      ctx.log?.error({ err, id: claimed }, 'sms answer failed');
      failed.push(claimed);
      await markFailed(db, claimed, SMS_ENTRANT_MAX_ATTEMPTS).catch(() => undefined);
    }
  }
  return handled;
}

/**
 * The answers job of an instance: every `intervalMs` (with `wake` and while the notifications are
 * live: when a commit stores a message from a phone, on any instance, and otherwise every
 * `LISTENING_POLL_MS`), and at once when the SMS worker stored a message (`kick`); a kick during a
 * run makes it run again, so nothing waits for the next tick.
 */
export class SmsAnswerJob {
  private again = false;
  private stopped = true;
  private readonly job: PeriodicJob<number>;

  constructor(
    private readonly db: Db,
    private readonly opts: AnswerContext & {
      log: FastifyBaseLogger;
      intervalMs: number;
      wake?: Notifications;
    },
  ) {
    this.job = new PeriodicJob('sms answers', () => this.run(), {
      intervalMs: opts.intervalMs,
      log: opts.log,
      wake: opts.wake ? { notifications: opts.wake, tables: [INCOMING_TABLE] } : undefined,
    });
  }

  private async run(): Promise<number> {
    let n = 0;
    do {
      this.again = false;
      n += await runSmsAnswers(this.db, this.opts);
    } while (this.again);
    return n;
  }

  start() {
    this.stopped = false;
    this.job.start();
  }

  stop() {
    this.stopped = true;
    return this.job.stop();
  }

  runOnce() {
    return this.job.runOnce();
  }

  /** A message was stored: answer it now. */
  kick() {
    if (this.stopped) return;
    this.again = true;
    this.job.runOnce().catch((err: unknown) => this.opts.log.error({ err }, 'sms answers failed'));
  }
}
