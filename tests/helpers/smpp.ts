import type { AddressInfo } from 'node:net';
import smpp, { type Pdu, type Server, type Session } from 'smpp';

/**
 * The SMPP client's timings for the tests: a link checked every 200 ms, a reconnection after 50 ms,
 * a throttled centre waited 100 ms (the product's own are in seconds).
 */
export const TEST_SMPP_TIMINGS = {
  enquireLinkMs: 200,
  responseTimeoutMs: 10_000,
  reconnectMs: 50,
  throttleMs: 100,
  bindWaitMs: 3000,
} as const;

/** A message the test SMS centre accepted. */
export interface Accepted {
  messageId: string;
  destination: string;
  source: string;
  sourceTon: number;
  text: string;
  dataCoding: number;
  registeredDelivery: number;
}

export interface SmscBehaviour {
  /** Answers the next `submit_sm` with this status instead of accepting it (ESME_RTHROTTLED…); one per entry. */
  refusals?: number[];
  /** Holds the answers until this many `submit_sm` are waiting (or `holdMs` passed), then answers them all. */
  holdUntil?: number;
  holdMs?: number;
  /** Sends a delivery receipt after accepting, with this `stat:` (DELIVRD, UNDELIV…); none if unset. */
  receipt?: string;
}

/**
 * An SMS centre on the loopback for the tests (the `smpp` package's server, SMPP 3.4): it binds a
 * transceiver with the right credentials, accepts `submit_sm` (recording each accepted message,
 * its message id `m<n>`), answers `enquire_link`, can refuse (throttling), hold its answers (to see
 * the client's window), send receipts and messages (`deliver_sm`), and drop every connection.
 */
export class TestSmsc {
  readonly accepted: Accepted[] = [];
  readonly refused: { status: number; destination: string }[] = [];
  /** The most `submit_sm` seen waiting for their answer at once. */
  maxOutstanding = 0;
  binds = 0;
  enquireLinks = 0;
  behaviour: SmscBehaviour = {};
  /** While set, PDUs are neither answered nor recorded (the connections are being dropped). */
  private dropping = false;
  private server?: Server;
  private held: { session: Session; pdu: Pdu }[] = [];
  private holdTimer?: NodeJS.Timeout;
  private seq = 0;
  /** Message ids unique across the centres of a run, as a real centre's are. */
  private readonly prefix = `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}-`;
  readonly sessions = new Set<Session>();
  /** The answers to our own `deliver_sm`, in order. */
  readonly deliverAnswers: number[] = [];

  constructor(
    readonly systemId = 'cenou',
    readonly password = 'secret',
  ) {}

  async start(port = 0): Promise<number> {
    this.server = smpp.createServer((session) => this.onSession(session));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  url(): string {
    return `smpp://${this.systemId}:${this.password}@127.0.0.1:${this.port}`;
  }

  private onSession(session: Session) {
    this.sessions.add(session);
    session.on('close', () => this.sessions.delete(session));
    session.on('error', () => undefined);
    session.on('bind_transceiver', (pdu: Pdu) => {
      if (pdu.system_id !== this.systemId || pdu.password !== this.password) {
        session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
        session.close();
        return;
      }
      this.binds += 1;
      session.send(pdu.response({ system_id: 'TESTSMSC' }));
    });
    session.on('enquire_link', (pdu: Pdu) => {
      if (this.dropping) return;
      this.enquireLinks += 1;
      session.send(pdu.response());
    });
    session.on('unbind', (pdu: Pdu) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('deliver_sm_resp', (pdu: Pdu) => this.deliverAnswers.push(pdu.command_status));
    session.on('submit_sm', (pdu: Pdu) => {
      if (this.dropping) return;
      const { holdUntil } = this.behaviour;
      if (holdUntil) {
        this.held.push({ session, pdu });
        this.maxOutstanding = Math.max(this.maxOutstanding, this.held.length);
        if (this.held.length >= holdUntil) this.releaseHeld();
        else {
          clearTimeout(this.holdTimer);
          this.holdTimer = setTimeout(() => this.releaseHeld(), this.behaviour.holdMs ?? 300);
        }
        return;
      }
      this.maxOutstanding = Math.max(this.maxOutstanding, 1);
      this.answer(session, pdu);
    });
  }

  private releaseHeld() {
    clearTimeout(this.holdTimer);
    for (const { session, pdu } of this.held.splice(0)) this.answer(session, pdu);
  }

  private answer(session: Session, pdu: Pdu) {
    const destination = String(pdu.destination_addr);
    const refusal = this.behaviour.refusals?.shift();
    if (refusal !== undefined) {
      this.refused.push({ status: refusal, destination });
      session.send(pdu.response({ command_status: refusal }));
      return;
    }
    const messageId = `${this.prefix}${++this.seq}`;
    const message = pdu.short_message as { message?: string } | string;
    const text = typeof message === 'string' ? message : String(message?.message ?? '');
    this.accepted.push({
      messageId,
      destination,
      source: String(pdu.source_addr),
      sourceTon: pdu.source_addr_ton as number,
      text,
      dataCoding: pdu.data_coding as number,
      registeredDelivery: pdu.registered_delivery as number,
    });
    session.send(pdu.response({ message_id: messageId }));
    const stat = this.behaviour.receipt;
    if (stat) this.receipt(session, messageId, destination, stat);
  }

  /** Sends a delivery receipt for `messageId` on `session` (or the first bound one). */
  receipt(session: Session | undefined, messageId: string, destination: string, stat: string) {
    const s = session ?? [...this.sessions][0];
    s.deliver_sm({
      source_addr: destination,
      destination_addr: 'CENOU',
      esm_class: smpp.ESM_CLASS.MC_DELIVERY_RECEIPT,
      short_message: `id:${messageId} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:2609120830 done date:2609120831 stat:${stat} err:000 text:`,
    });
  }

  /**
   * Sends a message from a phone, as a student's answer would come; with `messageId`, numbered as
   * some centres number the messages they deliver (`receipted_message_id`).
   */
  message(from: string, text: string, messageId?: string) {
    const s = [...this.sessions][0];
    s.deliver_sm({
      source_addr: from,
      destination_addr: 'CENOU',
      esm_class: 0,
      short_message: text,
      ...(messageId ? { receipted_message_id: messageId } : {}),
    });
  }

  /**
   * Drops every connection: what was answered is flushed first (a graceful end), and nothing that
   * arrives meanwhile is answered or recorded, as if it had been lost on the way.
   */
  async dropAll(): Promise<void> {
    this.dropping = true;
    // Held, unanswered: lost with the connection.
    clearTimeout(this.holdTimer);
    this.held.splice(0);
    const closing = [...this.sessions].map(
      (s) =>
        new Promise<void>((resolve) => {
          s.socket.once('close', () => resolve());
          s.socket.end();
          setTimeout(() => s.socket.destroy(), 2000).unref();
        }),
    );
    await Promise.all(closing);
    this.dropping = false;
  }

  async stop(): Promise<void> {
    clearTimeout(this.holdTimer);
    for (const s of this.sessions) s.socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  ms: number,
  what = 'condition',
): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
