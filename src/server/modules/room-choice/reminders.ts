import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Notifications } from '../../db/notifications';
import type { Claimed } from '../../jobs/repository';
import { JobQueue } from '../../jobs/queue';
import { REMINDER_QUEUE } from './repository';
import { sendReminder } from './service';

/** A claimed reminder stays reserved this long: its work is one short transaction. */
const LEASE_MS = 60_000;

/**
 * The reminder each chooser gets when its slot opens (docs/room-choice.md): the slots are the jobs
 * of the one job queue (`REMINDER_QUEUE`, docs/decisions/044-one-job-queue.md), due at their
 * start; a claimed one is marked sent under its claim's fence in the transaction that queues its
 * SMS and mail (`sendReminder`), so it goes out once across instances, then by the SMS and mail
 * queues like every message.
 */
export class SlotReminders {
  private readonly queue: JobQueue<typeof REMINDER_QUEUE.table, Claimed, boolean>;

  constructor(opts: {
    db: Db;
    log: FastifyBaseLogger;
    intervalMs: number;
    dashboardUrl: string;
    /** Woken by the commits that add slots, and at each slot's start (src/server/jobs/loop.ts). */
    wake?: Notifications;
  }) {
    this.queue = new JobQueue<typeof REMINDER_QUEUE.table, Claimed, boolean>(
      REMINDER_QUEUE,
      {
        load: async (_db, jobs) => jobs,
        perform: (job) => sendReminder(opts.db, job, opts.dashboardUrl),
        // Recorded by `perform`'s own transaction, under the fence: whether this claim took it.
        done: async (_db, _job, taken) => taken,
      },
      {
        name: 'slot reminders',
        db: opts.db,
        log: opts.log,
        intervalMs: opts.intervalMs,
        batchSize: 50,
        leaseMs: LEASE_MS,
        parallel: false,
        wake: opts.wake,
      },
    );
  }

  start() {
    this.queue.start();
  }

  stop() {
    return this.queue.stop();
  }

  runOnce() {
    return this.queue.runOnce();
  }
}
