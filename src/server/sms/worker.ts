import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { normalisePhone, smppAddress } from '../../domain/phone';
import type { Db } from '../db/client';
import type { Notifications } from '../db/notifications';
import { JobQueue } from '../jobs/queue';
import { PeriodicJob } from '../jobs/runner';
import { insertIncomingMessage, insertReceipt } from '../modules/sms-answers/repository';
import { applyReceipts, claimedSms, markSmsFailed, markSmsSent, SMS_QUEUE, type ClaimedSms } from './outbox';
import { SmppClient, SmsSendError, type Delivered, type SmppClientOptions } from './smpp-client';

export interface SmsWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** `SMPP_URL`; unset: each SMS is written as a file under `smsDir`. */
  smppUrl?: string;
  smsDir: string;
  /** `SMS_EXPEDITEUR`. */
  sender: string;
  /** Where each call to the SMS centre reports its outcome (docs/availability.md). */
  health?: { report(composant: 'SMS', ok: boolean): void };
  /** How often the queue looks for due SMS when nothing wakes it, and the inbox folder is read. */
  intervalMs: number;
  /** Woken by the commits that queue SMS (src/server/jobs/loop.ts). */
  wake?: Notifications;
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
 * handed to the SMS centre (past the first half of the lease). The queue hands an SMS to the client
 * only when a place in its window is free (`concurrency`), so every SMS is in flight as soon as its
 * lease is checked: none waits behind the others in the client, and a send is bounded by the
 * client's answer timeout, its wait for a bind or a throttle's wait, far below the lease (otherwise a
 * lease could run out in the client's queue and the SMS be claimed and sent elsewhere).
 */
const LEASE_MS = 300_000;

/** The SMPP client's window when none is set (several `submit_sm` in flight). */
const DEFAULT_WINDOW = 10;

/**
 * A claim reserves this many windows of SMS: the window stays full while the SMS sent are recorded
 * (a claim of one window waited for its slowest SMS and its records before the next claim: 110
 * SMS a second instead of 490 on the bench).
 */
const BATCH_WINDOWS = 5;

/** A number that no SMS can go to: the SMS is refused for good. */
class InvalidNumber extends Error {}

/**
 * Stores a message from a phone (`sms_entrant`, kind MESSAGE, the sender normalised); one the
 * centre delivers again with the same id is stored once (the unique index on sender and id).
 */
export async function storeMessage(
  db: Db,
  d: {
    sender: string;
    recipient: string;
    text: string;
    messageId: string | null;
    /** When it came (the demo's answers of past days); now by default. */
    receivedAt?: Date;
  },
): Promise<void> {
  await insertIncomingMessage(db, {
    sender: normalisePhone(d.sender) ?? d.sender,
    recipient: d.recipient,
    textBody: d.text,
    messageId: d.messageId,
    receivedAt: d.receivedAt,
  });
}

/** A file of `DATA_DIR/sms/entrant/` read: `From:` (required), `Id:` (else `fallbackId`), a blank line, the text. */
function parseDroppedSms(
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
  /** The queue's loop: woken by commits, or every `intervalMs`; never two runs at once in this process. */
  private readonly queue: JobQueue<typeof SMS_QUEUE.table, ClaimedSms, string | null>;
  /** Without SMPP_URL: the inbox folder read every `intervalMs` (a folder, no statement). */
  private readonly inbox?: PeriodicJob<void>;
  readonly client?: SmppClient;

  constructor(private readonly opts: SmsWorkerOptions) {
    const window = Math.max(1, opts.window ?? DEFAULT_WINDOW);
    this.queue = new JobQueue<typeof SMS_QUEUE.table, ClaimedSms, string | null>(
      SMS_QUEUE,
      {
        load: claimedSms,
        perform: (sms) => this.send(sms),
        done: (db, sms, messageId) => this.markSent(db, sms, messageId),
        dead: markSmsFailed,
        permanent: (err) => err instanceof InvalidNumber || (err instanceof SmsSendError && err.permanent),
      },
      {
        name: 'sms',
        db: opts.db,
        log: opts.log,
        intervalMs: opts.intervalMs,
        batchSize: opts.batchSize ?? BATCH_WINDOWS * window,
        leaseMs: LEASE_MS,
        retryBaseMs: opts.retryBaseMs,
        maxRetryMs: opts.maxRetryMs,
        // A window's worth at once: each SMS of the batch is checked against its claim and handed to
        // the client only when a place in the window is free, so it goes out at once; the batch's
        // others keep the window full while the SMS sent are recorded.
        parallel: true,
        concurrency: window,
        wake: opts.wake,
      },
    );
    if (!opts.smppUrl)
      this.inbox = new PeriodicJob('sms inbox', () => this.readInbox(), {
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
    this.client?.start();
    this.queue.start();
    this.inbox?.start();
  }

  async stop() {
    // The loop stops at once; a run under way ends once the client has stopped answering its sends.
    const run = this.queue.stop();
    await this.inbox?.stop();
    await this.client?.stop();
    await run;
  }

  /** Reads the inbox folder (without SMPP_URL), then sends what is due now; returns how many SMS went out. */
  async runOnce(): Promise<number> {
    if (this.inbox) await this.inbox.runOnce();
    return this.queue.runOnce();
  }

  /** Hands the SMS to the centre (or writes its file) → the centre's message id. */
  private async send(sms: ClaimedSms): Promise<string | null> {
    const to = normalisePhone(sms.recipient);
    if (!to) throw new InvalidNumber(`invalid number: ${sms.recipient}`);
    let messageId: string | null = null;
    if (this.client) {
      try {
        messageId = await this.client.submit(smppAddress(to), sms.textBody);
        this.opts.health?.report('SMS', true);
      } catch (err) {
        // A refusal of this one message is the centre's answer; anything else, the centre failing.
        this.opts.health?.report('SMS', err instanceof SmsSendError && err.permanent);
        throw err;
      }
    } else this.writeFile(sms, to);
    this.opts.log.info({ id: sms.id, to, kind: sms.kind }, this.client ? 'sms sent' : 'sms written');
    return messageId;
  }

  /** Records the SMS as out, then applies a receipt that came before this record (another bind, a quick centre). */
  private async markSent(db: Db, sms: ClaimedSms, messageId: string | null): Promise<boolean> {
    // Its lease lost (claimed again elsewhere): the other claim records it.
    if (!(await markSmsSent(db, sms, messageId))) return false;
    if (messageId)
      await applyReceipts(db, messageId).catch((err: unknown) =>
        this.opts.log.warn({ id: sms.id, err }, 'sms receipt not applied'),
      );
    return true;
  }

  private writeFile(sms: ClaimedSms, to: string) {
    mkdirSync(this.opts.smsDir, { recursive: true });
    const file = path.join(this.opts.smsDir, `${String(sms.id).padStart(8, '0')}.txt`);
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `To: ${to}\nFrom: ${this.opts.sender}\nKind: ${sms.kind}\n\n${sms.textBody}\n`);
    renameSync(temp, file);
  }

  /** Stores what the SMS centre delivered, then applies a receipt to its message. */
  private async stored(d: Delivered): Promise<void> {
    if (d.kind === 'ACCUSE') {
      await insertReceipt(this.opts.db, {
        sender: d.sender,
        textBody: d.text,
        messageId: d.messageId,
        receiptState: d.state,
      });
      if (d.messageId) await applyReceipts(this.opts.db, d.messageId);
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
}
