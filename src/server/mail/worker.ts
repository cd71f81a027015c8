import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { one, rows, type Db } from '../db/client';
import { retryDelayMs } from '../jobs/runner';
import { expandLots, type LotKinds } from './lots';
import { QUEUED_MAIL_COLUMNS, QUEUED_MAIL_TEMPLATE_JOIN, renderQueuedMail, type QueuedMail } from './outbox';
import {
  CODE_LINE_SCRUBBED,
  CODE_LINE_SQL_PATTERN,
  PASSWORD_LINE_SQL_PATTERN,
  PASSWORD_LINE_SCRUBBED,
} from './templates';

interface OutboxRow {
  id: number;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  /** The claim count after this claim: the fence that proves the mail is still ours. */
  attempts: number;
}

export interface MailWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  mailDir: string;
  from: string;
  intervalMs: number;
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
const LEASE_SECONDS = 120;

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
 * Sends the outbox (docs/accounts.md, docs/README.md#background-work-and-several-instances). Mails are claimed with `FOR UPDATE SKIP LOCKED` and a lease,
 * so several instances share the work; each claim raises `attempts`, which fences the mail: before
 * sending, the worker renews its lease only if `attempts` is still the value of its own claim, so a
 * mail whose lease ran out and was claimed elsewhere is not sent twice. A failure is retried with
 * exponential backoff while the mail server is down (nothing is lost); when the server is
 * unreachable the rest of the batch is put back to wait with it. Once sent, the password line (and
 * a forgotten password's code line) of the stored copy is blanked: they live on only as hashes. Without SMTP_URL each mail is
 * written as an .eml file (atomically, named by its id, so a rewrite replaces rather than duplicates).
 * Before claiming, the worker expands the due lots (a publication's result mails queued as one row,
 * src/server/mail/lots.ts) into outbox rows.
 */
export class MailWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopped = false;
  private readonly transport: Transporter;
  private readonly toFile: boolean;

  constructor(private readonly opts: MailWorkerOptions) {
    this.toFile = !opts.smtpUrl;
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport(
          `${opts.smtpUrl}${opts.smtpUrl.includes('?') ? '&' : '?'}connectionTimeout=10000&greetingTimeout=10000&socketTimeout=20000`,
        )
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  start() {
    this.stopped = false;
    const tick = async () => {
      if (this.stopped) return;
      await this.runOnce().catch((err) => this.opts.log.error({ err }, 'mail worker failed'));
      if (!this.stopped) this.timer = setTimeout(tick, this.opts.intervalMs);
    };
    this.timer = setTimeout(tick, 10);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => 0);
    this.transport.close();
  }

  /** Sends what is due now; returns how many mails went out. */
  runOnce(): Promise<number> {
    if (!this.running) {
      this.running = this.sendDue().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  private backoffMs(attempts: number): number {
    return retryDelayMs(attempts, this.opts.retryBaseMs, this.opts.maxRetryMs);
  }

  /** Reserves the next due mails, oldest first. */
  private async claim(): Promise<OutboxRow[]> {
    // A mail queued in the template form is rendered here, when it is sent (outbox.ts).
    const claimed = await rows<Omit<OutboxRow, 'subject' | 'textBody' | 'htmlBody'> & QueuedMail>(
      this.opts.db,
      sql`WITH m AS (
            UPDATE outbox_mail SET attempts = attempts + 1,
              next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
            WHERE id IN (SELECT id FROM outbox_mail WHERE sent_at IS NULL AND next_attempt_at <= now()
                         ORDER BY id LIMIT ${this.opts.batchSize ?? 20} FOR UPDATE SKIP LOCKED)
            RETURNING id, recipient, subject, text_body, html_body, id_template, params, attempts)
          SELECT m.id, m.recipient, m.attempts, ${QUEUED_MAIL_COLUMNS} FROM m ${QUEUED_MAIL_TEMPLATE_JOIN}`,
    );
    return claimed
      .map((m) => ({ id: m.id, recipient: m.recipient, attempts: m.attempts, ...renderQueuedMail(m) }))
      .sort((a, b) => a.id - b.id);
  }

  /** Renews the lease if the mail is still ours (not sent, not claimed again since). */
  private async stillOurs(mail: OutboxRow): Promise<boolean> {
    const row = await one<{ id: number }>(
      this.opts.db,
      sql`UPDATE outbox_mail SET next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
          WHERE id = ${mail.id} AND attempts = ${mail.attempts} AND sent_at IS NULL RETURNING id`,
    );
    return row !== undefined;
  }

  /** Gives back claimed mails that were not tried: their claim is not counted as an attempt. */
  private async release(mails: OutboxRow[], delayMs: number) {
    for (const mail of mails) {
      await this.opts.db.execute(
        sql`UPDATE outbox_mail SET attempts = attempts - 1,
              next_attempt_at = now() + make_interval(secs => ${delayMs / 1000})
            WHERE id = ${mail.id} AND attempts = ${mail.attempts} AND sent_at IS NULL`,
      );
    }
  }

  private async markSent(mail: OutboxRow) {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.opts.db.execute(
          sql`UPDATE outbox_mail SET sent_at = now(), last_error = NULL,
                text_body = regexp_replace(regexp_replace(text_body, ${PASSWORD_LINE_SQL_PATTERN}, ${PASSWORD_LINE_SCRUBBED}, 'g'),
                  ${CODE_LINE_SQL_PATTERN}, ${CODE_LINE_SCRUBBED}, 'g'),
                html_body = regexp_replace(regexp_replace(html_body, ${PASSWORD_LINE_SQL_PATTERN}, ${PASSWORD_LINE_SCRUBBED}, 'g'),
                  ${CODE_LINE_SQL_PATTERN}, ${CODE_LINE_SCRUBBED}, 'g')
              WHERE id = ${mail.id}`,
        );
        return;
      } catch (err) {
        // The mail is out: keep trying to record it, or another claim would send it again.
        if (attempt >= 5) {
          this.opts.log.error({ id: mail.id, err }, 'mail sent but not recorded as sent');
          return;
        }
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  }

  private async sendDue(): Promise<number> {
    let sent = 0;
    // Lots first (lots.ts): their mails join the outbox, then go out like the others.
    await expandLots(this.opts.db, {
      kinds: this.opts.lotKinds,
      shouldStop: () => this.stopped,
      log: this.opts.log,
    });
    while (!this.stopped) {
      const batch = await this.claim();
      if (batch.length === 0) break;
      for (let i = 0; i < batch.length; i++) {
        const mail = batch[i];
        if (this.stopped) {
          await this.release(batch.slice(i), 0);
          return sent;
        }
        if (!(await this.stillOurs(mail))) continue;
        try {
          await this.deliver(mail);
        } catch (err) {
          const delay = this.backoffMs(mail.attempts);
          const e = err as { code?: string; message?: string };
          this.opts.log.warn(
            { id: mail.id, attempts: mail.attempts, err: e.message },
            'mail not sent, will retry',
          );
          await this.opts.db.execute(
            sql`UPDATE outbox_mail SET last_error = ${String(e.message ?? err).slice(0, 500)},
                  next_attempt_at = now() + make_interval(secs => ${delay / 1000})
                WHERE id = ${mail.id} AND attempts = ${mail.attempts}`,
          );
          if (e.code && SERVER_DOWN.has(e.code)) {
            await this.release(batch.slice(i + 1), delay);
            return sent;
          }
          continue;
        }
        await this.markSent(mail);
        sent++;
      }
    }
    return sent;
  }

  private async deliver(mail: OutboxRow) {
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
