import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getTableName } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Notifications } from '../db/notifications';
import { JobQueue } from '../jobs/queue';
import { RoundLoop } from '../jobs/loop';
import { expandLots, type LotKinds } from './lots';
import { claimedMails, MAIL_QUEUE, markMailSent, type ClaimedMail } from './outbox';
import { outboxLot } from '../db/schema';

export interface MailWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  mailDir: string;
  from: string;
  /** How often the queue looks for due mails (QUEUE_INTERVAL_MS) when nothing wakes it. */
  intervalMs: number;
  /** Woken by the commits that queue mails, and its lots' loop by those that queue lots (src/server/jobs/loop.ts). */
  wake?: Notifications;
  /** The kinds of mail lots it expands (modules/lot-kinds.ts). */
  lotKinds: LotKinds;
  /** First retry delay; doubles at each failure, up to maxRetryMs. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** How many mails one claim reserves. */
  batchSize?: number;
}

/**
 * How long a claimed mail stays reserved for the instance sending it. The lease is renewed just
 * before each mail is handed to the mail server, and a send is bounded by the transport's timeouts
 * (10 s to connect, 10 s for the greeting, 20 s of silence), far below the lease.
 */
const LEASE_MS = 120_000;

/** Errors that say the mail server is unreachable, not that this mail is bad: the rest of the batch waits too. */
const SERVER_DOWN = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'EAUTH',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPROTOCOL',
  'ETLS',
]);

/**
 * Sends the outbox (docs/accounts.md, docs/README.md#background-work-and-several-instances) through
 * the job queue (src/server/jobs/queue.ts: claimed with `FOR UPDATE SKIP LOCKED` and a lease, fenced
 * by the claim count, so several instances share the work and a mail is not sent twice). Mails go
 * one after the other; a failure is retried with exponential backoff while the mail server is down
 * (a mail is never dead: nothing is lost); when the server is unreachable the rest of the batch is
 * put back to wait with it. Once sent, the password line (and a forgotten password's code line) of
 * the stored copy is blanked. Without SMTP_URL each mail is written as an .eml file (atomically,
 * named by its id, so a rewrite replaces rather than duplicates). Apart, on a loop of its own, the
 * worker expands the due lots (a publication's result mails and SMS queued as one row,
 * src/server/mail/lots.ts) into outbox rows as soon as they are queued.
 */
export class MailWorker {
  private stopped = false;
  private readonly transport: Transporter;
  private readonly toFile: boolean;
  private readonly queue: JobQueue<typeof MAIL_QUEUE.table, ClaimedMail, void>;
  private readonly lots: RoundLoop;
  private expanding?: Promise<number>;

  constructor(private readonly opts: MailWorkerOptions) {
    this.toFile = !opts.smtpUrl;
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport(
          `${opts.smtpUrl}${opts.smtpUrl.includes('?') ? '&' : '?'}connectionTimeout=10000&greetingTimeout=10000&socketTimeout=20000`,
        )
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    this.queue = new JobQueue<typeof MAIL_QUEUE.table, ClaimedMail, void>(
      MAIL_QUEUE,
      {
        load: claimedMails,
        perform: (mail) => this.deliver(mail),
        done: markMailSent,
        unreachable: (err) => SERVER_DOWN.has(String((err as { code?: string } | undefined)?.code)),
      },
      {
        name: 'mail',
        db: opts.db,
        log: opts.log,
        intervalMs: opts.intervalMs,
        batchSize: opts.batchSize ?? 20,
        leaseMs: LEASE_MS,
        retryBaseMs: opts.retryBaseMs,
        maxRetryMs: opts.maxRetryMs,
        parallel: false,
        wake: opts.wake,
      },
    );
    // The lots (lots.ts) have a loop of their own, woken by the commit that queues a lot: a
    // publication's mails and result SMS are queued at once, never behind the mails being sent
    // (a round of the mail queue sends until none is due: 347 mails of an earlier publication put
    // the next one's result SMS off by 40 s on the bench). Their rows wake the two queues.
    this.lots = new RoundLoop(() => this.expand(), {
      name: 'mail lots',
      log: opts.log,
      intervalMs: opts.intervalMs,
      wake: opts.wake ? { notifications: opts.wake, tables: [getTableName(outboxLot)] } : undefined,
    });
  }

  start() {
    this.stopped = false;
    this.lots.start();
    this.queue.start();
  }

  async stop() {
    this.stopped = true;
    this.lots.stop();
    await Promise.all([this.queue.stop(), this.expanding?.catch(() => undefined)]);
    this.transport.close();
  }

  /** Expands the due lots, then sends what is due now; returns how many mails went out. */
  async runOnce(): Promise<number> {
    await this.expand();
    return this.queue.runOnce();
  }

  /** Expands the due lots into the outbox (never two expansions at once in this process) → mails queued. */
  private expand(): Promise<number> {
    this.expanding ??= expandLots(this.opts.db, {
      kinds: this.opts.lotKinds,
      shouldStop: () => this.stopped,
      log: this.opts.log,
    }).finally(() => {
      this.expanding = undefined;
    });
    return this.expanding;
  }

  private async deliver(mail: ClaimedMail) {
    const info = await this.transport.sendMail({
      from: this.opts.from,
      to: mail.recipient,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody,
      messageId: `<outbox-${mail.id}@cenou.bf>`,
    });
    if (this.toFile) {
      mkdirSync(this.opts.mailDir, { recursive: true });
      const file = path.join(this.opts.mailDir, `${String(mail.id).padStart(8, '0')}.eml`);
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, (info as unknown as { message: Buffer }).message);
      renameSync(temp, file);
    }
    this.opts.log.info(
      { to: mail.recipient, subject: mail.subject },
      this.toFile ? 'mail written' : 'mail sent',
    );
  }
}
