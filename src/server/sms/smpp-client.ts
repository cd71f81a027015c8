import smpp, { type Pdu, type Session } from 'smpp';
import type { FastifyBaseLogger } from 'fastify';

/**
 * An SMPP 3.4 client bound as transceiver (docs/messages.md#sms): it sends `submit_sm` with a
 * window (several in flight, at most `window`), keeps the bind alive with `enquire_link`, binds
 * again after the peer drops (a backoff from `reconnectMs` doubling up to 30 s), waits when the
 * SMS centre says it is throttled (ESME_RTHROTTLED, ESME_RMSGQFUL) and sends again, and hands every
 * `deliver_sm` (delivery receipts, messages from students) to `onDeliver` before acknowledging
 * it: one that could not be stored is answered ESME_RX_T_APPN, and the centre delivers it again.
 * It knows no database: the SMS worker (worker.ts) drives it.
 */

/** A send that failed. `permanent`: the centre refused this message for good (a bad number…). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** What a `deliver_sm` said: a delivery receipt, or a message. */
export type Delivered =
  | { kind: 'ACCUSE'; messageId: string; state: string; sender: string; text: string }
  | { kind: 'MESSAGE'; sender: string; recipient: string; text: string; messageId: string | null };

export interface SmppClientOptions {
  /** `smpp://system_id:password@host:port`. */
  url: string;
  /** The sender (`SMS_EXPEDITEUR`): letters (alphanumeric type) or a number. */
  sender: string;
  log: FastifyBaseLogger;
  /** Stores what the centre delivered; the centre is answered once it resolved. */
  onDeliver: (delivered: Delivered) => Promise<void>;
  /** At most this many `submit_sm` without their answer. */
  window?: number;
  /** `enquire_link` every so often while bound. */
  enquireLinkMs?: number;
  /** An answer not received in this time: the connection is taken as dead, and made again. */
  responseTimeoutMs?: number;
  /** The first wait before binding again; doubles up to 30 s. */
  reconnectMs?: number;
  /** The first wait after a throttling answer; doubles up to 60 s while the centre keeps saying so. */
  throttleMs?: number;
  /** How long a send waits for a bound connection before it fails (the worker tries it again later). */
  bindWaitMs?: number;
  /** How long a send keeps waiting while throttled before it fails (the worker tries it again later). */
  maxThrottleWaitMs?: number;
}

/** The statuses that mean this message will never be taken as it is. */
const PERMANENT = new Set([
  0x0001, // ESME_RINVMSGLEN
  0x000a, // ESME_RINVSRCADR
  0x000b, // ESME_RINVDSTADR
  0x0048, // ESME_RINVSRCTON
  0x0049, // ESME_RINVSRCNPI
  0x0050, // ESME_RINVDSTTON
  0x0051, // ESME_RINVDSTNPI
  0x0065, // ESME_RX_P_APPN
  0x0066, // ESME_RX_R_APPN
]);
const THROTTLED = new Set([smpp.ESME_RTHROTTLED, smpp.ESME_RMSGQFUL]);

/** The receipt's text, as SMPP 3.4's appendix B writes it: `id:… sub:… dlvrd:… … stat:DELIVRD err:…`. */
const RECEIPT_ID = /\bid:(\S+)/i;
const RECEIPT_STAT = /\bstat:(\w+)/i;
const MESSAGE_STATES: Record<number, string> = {
  1: 'ENROUTE',
  2: 'DELIVRD',
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  6: 'ACCEPTD',
  7: 'UNKNOWN',
  8: 'REJECTD',
};

const textOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('latin1');
  const message = (value as { message?: unknown } | null)?.message;
  if (typeof message === 'string') return message;
  if (Buffer.isBuffer(message)) return message.toString('latin1');
  return '';
};

/** Reads a `deliver_sm`. */
function readDeliverSm(pdu: Pdu): Delivered {
  const text = textOf(pdu.short_message) || textOf(pdu.message_payload);
  const sender = String(pdu.source_addr ?? '');
  const isReceipt = ((pdu.esm_class as number) & 0x3c) === smpp.ESM_CLASS.MC_DELIVERY_RECEIPT;
  if (isReceipt) {
    const id = (pdu.receipted_message_id as string | undefined) ?? RECEIPT_ID.exec(text)?.[1] ?? '';
    const state =
      RECEIPT_STAT.exec(text)?.[1]?.toUpperCase() ??
      MESSAGE_STATES[(pdu.message_state as number | undefined) ?? 7] ??
      'UNKNOWN';
    return { kind: 'ACCUSE', messageId: id, state, sender, text };
  }
  // A centre that numbers the messages it delivers puts the number in `receipted_message_id`: a
  // message delivered again (our answer lost) is then known by it.
  const id = pdu.receipted_message_id;
  return {
    kind: 'MESSAGE',
    sender,
    recipient: String(pdu.destination_addr ?? ''),
    text,
    messageId: typeof id === 'string' && id !== '' ? id : null,
  };
}

interface Outstanding {
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class SmppClient {
  private session?: Session;
  private bound = false;
  private stopped = true;
  private reconnectDelay: number;
  private reconnectTimer?: NodeJS.Timeout;
  private enquireTimer?: NodeJS.Timeout;
  /** Waiting for a bound connection. */
  private bindWaiters: (() => void)[] = [];
  /** Waiting for a place in the window. */
  private windowWaiters: (() => void)[] = [];
  private inFlight = 0;
  /** Requests sent on the current connection and not yet answered, by sequence number. */
  private outstanding = new Map<number, Outstanding>();
  /** While throttled: no `submit_sm` before this time. */
  private resumeAt = 0;
  private throttleDelay: number;
  private readonly credentials: { system_id: string; password: string };
  private readonly window: number;

  constructor(private readonly opts: SmppClientOptions) {
    const u = new URL(opts.url);
    this.credentials = {
      system_id: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
    };
    this.window = Math.max(1, opts.window ?? 10);
    this.reconnectDelay = opts.reconnectMs ?? 1000;
    this.throttleDelay = opts.throttleMs ?? 1000;
  }

  /** Whether a connection is bound now. */
  get isBound(): boolean {
    return this.bound;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  /** Unbinds and closes; sends waiting fail (the worker gives their SMS back). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const session = this.session;
    if (session && this.bound) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        session.unbind({}, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    session?.destroy();
    this.dropped(new SmsSendError('smpp client stopped', false));
    for (const w of this.bindWaiters.splice(0)) w();
  }

  private connect() {
    if (this.stopped) return;
    const u = new URL(this.opts.url);
    const session = smpp.connect({ host: u.hostname, port: Number(u.port || 2775) });
    this.session = session;
    let closed = false;
    session.on('connect', () => {
      session.bind_transceiver({ ...this.credentials, interface_version: 0x34 }, (pdu) => {
        if (pdu.command_status !== 0) {
          this.opts.log.error({ status: pdu.command_status }, 'smpp bind refused');
          session.destroy();
          return;
        }
        if (this.session !== session || closed) return;
        this.bound = true;
        this.reconnectDelay = this.opts.reconnectMs ?? 1000;
        this.opts.log.info({ host: u.hostname, port: u.port }, 'smpp bound');
        this.scheduleEnquireLink(session);
        for (const w of this.bindWaiters.splice(0)) w();
      });
    });
    session.on('error', (err: Error) => {
      this.opts.log.warn({ err: err.message }, 'smpp connection error');
    });
    session.on('close', () => {
      closed = true;
      if (this.session === session) {
        this.session = undefined;
        if (this.bound) this.opts.log.warn('smpp connection lost');
        this.bound = false;
        clearTimeout(this.enquireTimer);
        this.dropped(new SmsSendError('smpp connection lost', false));
      }
      if (this.stopped) return;
      this.reconnectTimer = setTimeout(() => this.connect(), this.reconnectDelay);
      this.reconnectDelay = Math.min(this.reconnectDelay * 2, 30_000);
    });
    session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu: Pdu) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('deliver_sm', (pdu: Pdu) => {
      let delivered: Delivered;
      try {
        delivered = readDeliverSm(pdu);
      } catch (err) {
        this.opts.log.warn({ err }, 'smpp deliver_sm unreadable');
        session.send(pdu.response({ command_status: smpp.ESME_RX_P_APPN }));
        return;
      }
      this.opts.onDeliver(delivered).then(
        () => session.send(pdu.response()),
        (err: unknown) => {
          this.opts.log.warn({ err }, 'smpp deliver_sm not stored, the centre will deliver it again');
          session.send(pdu.response({ command_status: smpp.ESME_RX_T_APPN }));
        },
      );
    });
  }

  private scheduleEnquireLink(session: Session) {
    const every = this.opts.enquireLinkMs ?? 30_000;
    clearTimeout(this.enquireTimer);
    this.enquireTimer = setTimeout(() => {
      if (this.session !== session || !this.bound) return;
      this.request(session, (cb) => session.enquire_link({}, cb)).then(
        () => this.scheduleEnquireLink(session),
        () => undefined, // the connection is being made again
      );
    }, every);
    this.enquireTimer.unref();
  }

  /**
   * Sends a request on the session and waits for its answer; an answer late by `responseTimeoutMs`
   * closes the connection (it is made again) and fails the request.
   */
  private request(session: Session, send: (cb: (pdu: Pdu) => void) => boolean): Promise<Pdu> {
    return new Promise<Pdu>((resolve, reject) => {
      let seq = 0;
      const ok = send((pdu) => {
        const entry = this.outstanding.get(seq);
        if (entry) clearTimeout(entry.timer);
        this.outstanding.delete(seq);
        resolve(pdu);
      });
      if (!ok) {
        reject(new SmsSendError('smpp connection not writable', false));
        return;
      }
      // The package numbers the request when it sends it: the last number is this one.
      seq = (session as unknown as { sequence: number }).sequence;
      const timer = setTimeout(() => {
        this.outstanding.delete(seq);
        reject(new SmsSendError('smpp answer timed out', false));
        this.opts.log.warn('smpp peer silent, connecting again');
        session.destroy();
      }, this.opts.responseTimeoutMs ?? 30_000);
      this.outstanding.set(seq, { reject, timer });
    });
  }

  /** The connection is gone: every request waiting for its answer fails (the SMS will be sent again). */
  private dropped(err: Error) {
    for (const [, o] of this.outstanding) {
      clearTimeout(o.timer);
      o.reject(err);
    }
    this.outstanding.clear();
  }

  private async boundSession(): Promise<Session> {
    const deadline = Date.now() + (this.opts.bindWaitMs ?? 10_000);
    while (!this.stopped) {
      if (this.bound && this.session) return this.session;
      const left = deadline - Date.now();
      if (left <= 0) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.bindWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    throw new SmsSendError('smpp not bound', false);
  }

  private async acquire(): Promise<void> {
    while (this.inFlight >= this.window) await new Promise<void>((r) => this.windowWaiters.push(r));
    this.inFlight += 1;
  }

  private release() {
    this.inFlight -= 1;
    this.windowWaiters.shift()?.();
  }

  /** How many `submit_sm` are waiting for their answer now (tests). */
  get pending(): number {
    return this.inFlight;
  }

  /**
   * Sends one SMS; resolves with the centre's message id. Throttled, it waits and sends again (for
   * `maxThrottleWaitMs` at most: then it fails, and the worker tries later); refused,
   * `SmsSendError` says whether for good.
   */
  async submit(destination: string, text: string): Promise<string> {
    const alphanumeric = /[^\d+]/.test(this.opts.sender);
    const giveUpAt = Date.now() + (this.opts.maxThrottleWaitMs ?? 120_000);
    for (;;) {
      const session = await this.boundSession();
      const pause = this.resumeAt - Date.now();
      if (pause > 0) {
        if (Date.now() + pause > giveUpAt) throw new SmsSendError('smpp throttled too long', false);
        await wait(pause);
        continue;
      }
      await this.acquire();
      let answer: Pdu;
      try {
        // Checked again with the place in hand: the centre may have asked to wait meanwhile.
        if (this.session !== session || !this.bound || this.resumeAt > Date.now()) continue;
        answer = await this.request(session, (cb) =>
          session.submit_sm(
            {
              source_addr_ton: alphanumeric ? smpp.TON.ALPHANUMERIC : smpp.TON.INTERNATIONAL,
              source_addr_npi: alphanumeric ? smpp.NPI.UNKNOWN : smpp.NPI.ISDN,
              source_addr: this.opts.sender.replace(/^\+/, ''),
              dest_addr_ton: smpp.TON.INTERNATIONAL,
              dest_addr_npi: smpp.NPI.ISDN,
              destination_addr: destination,
              registered_delivery: 1,
              data_coding: 0,
              short_message: text,
            },
            cb,
          ),
        );
      } finally {
        this.release();
      }
      const status = answer.command_status;
      if (status === 0) {
        this.throttleDelay = this.opts.throttleMs ?? 1000;
        return String(answer.message_id ?? '');
      }
      if (THROTTLED.has(status)) {
        // Every send waits, not only this one: the centre asked us to slow down.
        if (this.resumeAt <= Date.now()) {
          this.resumeAt = Date.now() + this.throttleDelay;
          this.opts.log.warn({ status, waitMs: this.throttleDelay }, 'smpp throttled, waiting');
          this.throttleDelay = Math.min(this.throttleDelay * 2, 60_000);
        }
        continue;
      }
      throw new SmsSendError(
        `smpp submit_sm refused: status 0x${status.toString(16)}`,
        PERMANENT.has(status),
        status,
      );
    }
  }
}
