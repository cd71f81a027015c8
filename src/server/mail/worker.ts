import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rows, type Db } from '../db/client';

interface OutboxRow {
  id: number;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  attempts: number;
}

export interface MailWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  mailDir: string;
  from: string;
  intervalMs: number;
  /** First retry delay; doubles at each failure, up to maxRetryMs. */
  retryBaseMs?: number;
  maxRetryMs?: number;
}

/** How long a claimed mail stays reserved for the instance sending it. */
const LEASE_SECONDS = 120;

/**
 * Sends the outbox. Mails are claimed with `FOR UPDATE SKIP LOCKED` and a short lease, so several
 * instances share the work without sending a mail twice; a failure is retried with backoff while
 * the mail server is down; nothing is lost. Without SMTP_URL each mail is written as an .eml file.
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
      ? nodemailer.createTransport(`${opts.smtpUrl}${opts.smtpUrl.includes('?') ? '&' : '?'}connectionTimeout=10000&greetingTimeout=10000&socketTimeout=20000`)
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

  private async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await rows<OutboxRow>(
        this.opts.db,
        sql`UPDATE outbox_mail SET attempts = attempts + 1,
              next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
            WHERE id IN (SELECT id FROM outbox_mail WHERE sent_at IS NULL AND next_attempt_at <= now()
                         ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
            RETURNING id, recipient, subject, text_body AS "textBody", html_body AS "htmlBody", attempts`,
      );
      if (batch.length === 0) return sent;
      for (const mail of batch) {
        if (this.stopped) return sent;
        try {
          await this.deliver(mail);
          await this.opts.db.execute(sql`UPDATE outbox_mail SET sent_at = now(), last_error = NULL WHERE id = ${mail.id}`);
          sent++;
        } catch (err) {
          const base = this.opts.retryBaseMs ?? 2000;
          const delay = Math.min(base * 2 ** Math.min(mail.attempts - 1, 20), this.opts.maxRetryMs ?? 600_000);
          this.opts.log.warn({ id: mail.id, attempts: mail.attempts, err: (err as Error).message }, 'mail not sent, will retry');
          await this.opts.db.execute(
            sql`UPDATE outbox_mail SET last_error = ${String((err as Error).message).slice(0, 500)},
                next_attempt_at = now() + make_interval(secs => ${delay / 1000}) WHERE id = ${mail.id}`,
          );
        }
      }
    }
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
      writeFileSync(file, (info as unknown as { message: Buffer }).message);
    }
    this.opts.log.info({ to: mail.recipient, subject: mail.subject }, 'mail sent');
  }
}
