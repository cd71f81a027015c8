import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { normalisePhone, smppAddress } from '../../domain/phone';
import { one, rows, type Db } from '../db/client';
import { PeriodicJob, retryDelayMs } from '../jobs/runner';
import { SmppClient, SmsSendError, type Delivered, type SmppClientOptions } from './smpp-client';

interface SmsRow {
  id: number;
  kind: string;
  recipient: string;
  textBody: string;
  /** The claim count after this claim: the fence that proves the SMS is still ours. */
  attempts: number;
}

export interface SmsWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** `SMPP_URL`; unset: each SMS is written as a file under `smsDir`. */
  smppUrl?: string;
  smsDir: string;
  /** `SMS_EXPEDITEUR`. */
  sender: string;
  intervalMs: number;
  /** `SMPP_WINDOW`: `submit_sm` in flight at once. */
  window?: number;
  /** First retry delay; doubles at each failure, up to maxRetryMs. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** How many SMS one claim reserves. */
  batchSize?: number;
  /** Called once a message from a phone is stored (the answers job answers it at once). */
  onMessage?: () => void;
  /** The SMPP client's timings (tests shorten them). */
  smpp?: Pick<
    SmppClientOptions,
    'enquireLinkMs' | 'responseTimeoutMs' | 'reconnectMs' | 'throttleMs' | 'bindWaitMs' | 'maxThrottleWaitMs'
  >;
}

/**
 * How long a claimed SMS stays reserved for the instance sending it: renewed just before it is
 * handed to the SMS centre; a send is bounded by the client's answer timeout and its wait for a
 * bind, far below the lease (a throttled send renews it while it waits).
 */
const LEASE_SECONDS = 300;

/** Kinds whose text holds a secret (the code): blanked in the stored copy once it is out. */
const SECRET_KINDS = ['CODE_MOT_DE_PASSE', 'CODE_TELEPHONE'];
const SECRET_SQL_PATTERN = '[0-9]{6}';
const SECRET_SCRUBBED = '******';

/**
 * Stores a message from a phone (`sms_entrant`, kind MESSAGE, the sender normalised); one the
 * centre delivers again with the same id is stored once (the unique index on sender and id).
 */
export async function storeMessage(
  db: Db,
  d: { sender: string; recipient: string; text: string; messageId: string | null },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO sms_entrant (kind, sender, recipient, text_body, message_id)
        VALUES ('MESSAGE', ${normalisePhone(d.sender) ?? d.sender}, ${d.recipient}, ${d.text}, ${d.messageId})
        ON CONFLICT (sender, message_id) WHERE kind = 'MESSAGE' AND message_id IS NOT NULL DO NOTHING`,
  );
}

/** A file of `DATA_DIR/sms/entrant/` read: `From:` (required), `Id:` (else `fallbackId`), a blank line, the text. */
export function parseDroppedSms(
  body: string,
  fallbackId: string,
): { sender: string; text: string; messageId: string } | null {
  const cut = body.search(/\r?\n\r?\n/);
  const head = cut < 0 ? body : body.slice(0, cut);
  const text =
    cut < 0
      ? ''
      : body
          .slice(cut)
          .replace(/^\r?\n\r?\n/, '')
          .replace(/\r?\n$/, '');
  const header = (name: string) =>
    new RegExp(`^${name}:[ \\t]*(.*?)[ \\t]*$`, 'im').exec(head)?.[1] || undefined;
  const sender = header('From');
  if (!sender || !text) return null;
  return { sender, text, messageId: header('Id') ?? fallbackId };
}

/** The receipt states that end a message (SMPP 3.4 appendix B); the others (ENROUTE, ACCEPTD) change nothing. */
const DELIVERED = 'DELIVRD';
const FINAL_STATES = ['DELIVRD', 'EXPIRED', 'DELETED', 'UNDELIV', 'REJECTD', 'UNKNOWN'];

/**
 * Sends the SMS outbox (docs/messages.md#sms), as the mail worker sends mail: SMS are claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease, so several instances share the work; each claim raises
 * `attempts`, which fences the SMS: just before it is sent, the lease is renewed only if `attempts`
 * is still this claim's, so an SMS whose lease ran out and was claimed elsewhere is not sent twice.
 * A batch goes out through the SMPP client's window (several `submit_sm` in flight); a failure is
 * tried again with a backoff (2 s doubling up to 10 minutes) unless the centre refused the message
 * for good (ECHEC). Accepted: ENVOYE with the centre's message id; its delivery receipt, stored in
 * `sms_entrant` when it arrives, makes it DELIVRE or ECHEC. Without SMPP_URL each SMS is written as
 * a file (`DATA_DIR/sms/<id>.txt`, atomically: a rewrite replaces rather than duplicates).
 */
export class SmsWorker {
  private stopped = false;
  /** The loop: every `intervalMs`, never two runs at once in this process. */
  private readonly job: PeriodicJob<number>;
  readonly client?: SmppClient;

  constructor(private readonly opts: SmsWorkerOptions) {
    this.job = new PeriodicJob('sms worker', () => this.sendDue(), {
      intervalMs: opts.intervalMs,
      log: opts.log,
      firstDelayMs: 10,
    });
    if (opts.smppUrl) {
      this.client = new SmppClient({
        url: opts.smppUrl,
        sender: opts.sender,
        log: opts.log,
        window: opts.window,
        onDeliver: (d) => this.stored(d),
        ...opts.smpp,
      });
    }
  }

  start() {
    this.stopped = false;
    this.client?.start();
    this.job.start();
  }

  async stop() {
    this.stopped = true;
    // The loop stops at once; a run under way ends once the client has stopped answering its sends.
    const run = this.job.stop();
    await this.client?.stop();
    await run;
  }

  private retryDelay(attempts: number): number {
    return retryDelayMs(attempts, this.opts.retryBaseMs, this.opts.maxRetryMs);
  }

  /** Sends what is due now; returns how many SMS went out. */
  runOnce(): Promise<number> {
    return this.job.runOnce();
  }

  private claim(): Promise<SmsRow[]> {
    return rows<SmsRow>(
      this.opts.db,
      sql`UPDATE outbox_sms SET attempts = attempts + 1,
            next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
          WHERE id IN (SELECT id FROM outbox_sms WHERE state = 'EN_ATTENTE' AND next_attempt_at <= now()
                       ORDER BY id LIMIT ${this.opts.batchSize ?? 50} FOR UPDATE SKIP LOCKED)
          RETURNING id, kind, recipient, text_body AS "textBody", attempts`,
    ).then((list) => list.sort((a, b) => a.id - b.id));
  }

  /** Renews the lease if the SMS is still ours (queued, not claimed again since). */
  private async stillOurs(sms: SmsRow): Promise<boolean> {
    const row = await one<{ id: number }>(
      this.opts.db,
      sql`UPDATE outbox_sms SET next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
          WHERE id = ${sms.id} AND attempts = ${sms.attempts} AND state = 'EN_ATTENTE' RETURNING id`,
    );
    return row !== undefined;
  }

  private scrubbed = sql`CASE WHEN kind IN (${sql.join(
    SECRET_KINDS.map((k) => sql`${k}`),
    sql`, `,
  )}) THEN regexp_replace(text_body, ${SECRET_SQL_PATTERN}, ${SECRET_SCRUBBED}, 'g') ELSE text_body END`;

  /** Records the SMS as out (retried: once out, another claim must never send it again). */
  private async markSent(sms: SmsRow, messageId: string | null) {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.opts.db.execute(
          sql`UPDATE outbox_sms SET state = 'ENVOYE', sent_at = now(), message_id = ${messageId},
                last_error = NULL, text_body = ${this.scrubbed}
              WHERE id = ${sms.id}`,
        );
        break;
      } catch (err) {
        if (attempt >= 5) {
          this.opts.log.error({ id: sms.id, err }, 'sms sent but not recorded as sent');
          return;
        }
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
    // A receipt that came before this record (another instance's bind, or a quick centre).
    if (messageId)
      await this.applyReceipts(messageId).catch((err: unknown) =>
        this.opts.log.warn({ id: sms.id, err }, 'sms receipt not applied'),
      );
  }

  private async fail(sms: SmsRow, err: Error, permanent: boolean) {
    const message = String(err.message ?? err).slice(0, 500);
    if (permanent) {
      await this.opts.db.execute(
        sql`UPDATE outbox_sms SET state = 'ECHEC', last_error = ${message}, text_body = ${this.scrubbed}
            WHERE id = ${sms.id} AND attempts = ${sms.attempts}`,
      );
      this.opts.log.warn({ id: sms.id, err: message }, 'sms refused for good');
      return;
    }
    const delay = this.retryDelay(sms.attempts);
    this.opts.log.warn({ id: sms.id, attempts: sms.attempts, err: message }, 'sms not sent, will retry');
    await this.opts.db.execute(
      sql`UPDATE outbox_sms SET last_error = ${message},
            next_attempt_at = now() + make_interval(secs => ${delay / 1000})
          WHERE id = ${sms.id} AND attempts = ${sms.attempts} AND state = 'EN_ATTENTE'`,
    );
  }

  private async sendOne(sms: SmsRow): Promise<boolean> {
    if (this.stopped) {
      // Given back untried: its claim is not counted.
      await this.opts.db.execute(
        sql`UPDATE outbox_sms SET attempts = attempts - 1, next_attempt_at = now()
            WHERE id = ${sms.id} AND attempts = ${sms.attempts} AND state = 'EN_ATTENTE'`,
      );
      return false;
    }
    const to = normalisePhone(sms.recipient);
    if (!to) {
      await this.fail(sms, new Error(`invalid number: ${sms.recipient}`), true);
      return false;
    }
    if (!(await this.stillOurs(sms))) return false;
    let messageId: string | null = null;
    try {
      if (this.client) messageId = await this.client.submit(smppAddress(to), sms.textBody);
      else this.writeFile(sms, to);
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      await this.fail(sms, e, e instanceof SmsSendError && e.permanent);
      return false;
    }
    await this.markSent(sms, messageId);
    this.opts.log.info({ id: sms.id, to, kind: sms.kind }, this.client ? 'sms sent' : 'sms written');
    return true;
  }

  private async sendDue(): Promise<number> {
    if (!this.client) await this.readInbox();
    let sent = 0;
    while (!this.stopped) {
      const batch = await this.claim();
      if (batch.length === 0) break;
      // All at once: the client's window keeps at most `window` of them in flight.
      const results = await Promise.all(batch.map((sms) => this.sendOne(sms).catch(() => false)));
      sent += results.filter(Boolean).length;
      // A batch with nothing sent (the centre unreachable): the next tick, after the backoff.
      if (!results.some(Boolean)) break;
    }
    return sent;
  }

  private writeFile(sms: SmsRow, to: string) {
    mkdirSync(this.opts.smsDir, { recursive: true });
    const file = path.join(this.opts.smsDir, `${String(sms.id).padStart(8, '0')}.txt`);
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `To: ${to}\nFrom: ${this.opts.sender}\nKind: ${sms.kind}\n\n${sms.textBody}\n`);
    renameSync(temp, file);
  }

  /** Stores what the SMS centre delivered, then applies a receipt to its message. */
  private async stored(d: Delivered): Promise<void> {
    if (d.kind === 'ACCUSE') {
      await this.opts.db.execute(
        sql`INSERT INTO sms_entrant (kind, sender, text_body, message_id, receipt_state)
            VALUES ('ACCUSE', ${d.sender}, ${d.text}, ${d.messageId}, ${d.state})`,
      );
      if (d.messageId) await this.applyReceipts(d.messageId);
      return;
    }
    await storeMessage(this.opts.db, d);
    this.opts.onMessage?.();
  }

  /**
   * Without SMPP_URL, the messages "received" are files dropped under `DATA_DIR/sms/entrant/`
   * (docs/messages.md#sms): `*.txt`, a `From:` line (the phone), an optional `Id:` line (else the
   * file's name is the message's id), a blank line, the text. Each is stored once (its id) and its
   * file removed; an unreadable one is moved aside to `*.txt.rejete`.
   */
  private async readInbox(): Promise<void> {
    const dir = path.join(this.opts.smsDir, 'entrant');
    let names: string[];
    try {
      names = readdirSync(dir)
        .filter((n) => n.endsWith('.txt'))
        .sort();
    } catch {
      return;
    }
    let stored = 0;
    for (const name of names) {
      const file = path.join(dir, name);
      let body: string;
      try {
        body = readFileSync(file, 'utf8');
      } catch {
        continue; // taken by another instance
      }
      const parsed = parseDroppedSms(body, name.replace(/\.txt$/, ''));
      if (!parsed) {
        this.opts.log.warn({ file }, 'incoming sms file unreadable, set aside');
        try {
          renameSync(file, `${file}.rejete`);
        } catch {
          /* taken by another instance */
        }
        continue;
      }
      await storeMessage(this.opts.db, { recipient: this.opts.sender, ...parsed });
      rmSync(file, { force: true });
      stored += 1;
    }
    if (stored) this.opts.onMessage?.();
  }

  /**
   * The final receipt of a message, applied to it (both the receipt's arrival and the SMS's record
   * as sent call this: whichever comes last finds the other). Only a receipt that came after the
   * SMS was queued counts: a centre may give a message id again, years later.
   */
  private async applyReceipts(messageId: string): Promise<void> {
    await this.opts.db.execute(
      sql`WITH s AS (SELECT id, created_at FROM outbox_sms WHERE message_id = ${messageId} AND state = 'ENVOYE')
          UPDATE outbox_sms o SET
            state = CASE WHEN e.receipt_state = ${DELIVERED} THEN 'DELIVRE' ELSE 'ECHEC' END,
            delivered_at = CASE WHEN e.receipt_state = ${DELIVERED} THEN e.received_at END,
            last_error = CASE WHEN e.receipt_state = ${DELIVERED} THEN NULL ELSE e.receipt_state END
          FROM s CROSS JOIN LATERAL (
            SELECT receipt_state, received_at FROM sms_entrant
            WHERE kind = 'ACCUSE' AND message_id = ${messageId} AND received_at >= s.created_at
              AND receipt_state IN (${sql.join(
                FINAL_STATES.map((x) => sql`${x}`),
                sql`, `,
              )})
            ORDER BY id DESC LIMIT 1) e
          WHERE o.id = s.id`,
    );
  }
}
