import type { AddressInfo } from 'node:net';
import smpp, { type Pdu, type Server, type Session } from 'smpp';

/**
 * The SMS centre of the SMS stages (bench/lib/sms.ts): the `smpp` package's server on the
 * loopback, as the tests' (tests/helpers/smpp.ts) but lean for 100,000 messages: it binds
 * transceivers, accepts every `submit_sm` (counting each destination and text), answers
 * `enquire_link`, sends messages from phones (`deliver_sm`) on the bound sessions, and can go away
 * (every connection ended, the port closed: nothing arriving meanwhile is answered or counted) and
 * come back on the same port.
 */
export class BenchSmsc {
  /** Accepted `submit_sm`: by destination, the texts in order. */
  readonly accepted = new Map<string, string[]>();
  acceptedCount = 0;
  firstAcceptedAt = 0;
  lastAcceptedAt = 0;
  binds = 0;
  readonly deliverAnswers: number[] = [];
  private server?: Server;
  private port = 0;
  private down = false;
  private seq = 0;
  readonly sessions = new Set<Session>();

  async start(port = 0): Promise<number> {
    this.server = smpp.createServer((session) => this.onSession(session));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    this.down = false;
    return this.port;
  }

  url(): string {
    return `smpp://cenou:secret@127.0.0.1:${this.port}`;
  }

  private onSession(session: Session) {
    this.sessions.add(session);
    session.on('close', () => this.sessions.delete(session));
    session.on('error', () => undefined);
    session.on('bind_transceiver', (pdu: Pdu) => {
      if (pdu.system_id !== 'cenou' || pdu.password !== 'secret') {
        session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
        session.close();
        return;
      }
      this.binds += 1;
      session.send(pdu.response({ system_id: 'BENCHSMSC' }));
    });
    session.on('enquire_link', (pdu: Pdu) => {
      if (!this.down) session.send(pdu.response());
    });
    session.on('unbind', (pdu: Pdu) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('deliver_sm_resp', (pdu: Pdu) => this.deliverAnswers.push(pdu.command_status));
    session.on('submit_sm', (pdu: Pdu) => {
      if (this.down) return;
      const destination = String(pdu.destination_addr);
      const message = pdu.short_message as { message?: string } | string;
      const text = typeof message === 'string' ? message : String(message?.message ?? '');
      const list = this.accepted.get(destination);
      if (list) list.push(text);
      else this.accepted.set(destination, [text]);
      this.acceptedCount += 1;
      const now = Date.now();
      if (!this.firstAcceptedAt) this.firstAcceptedAt = now;
      this.lastAcceptedAt = now;
      session.send(pdu.response({ message_id: `b${++this.seq}` }));
    });
  }

  /** Messages accepted more than once (same destination, same text). */
  duplicates(filter: (text: string) => boolean = () => true): number {
    let n = 0;
    for (const texts of this.accepted.values()) {
      const mine = texts.filter(filter);
      n += mine.length - new Set(mine).size;
    }
    return n;
  }

  /** Sends a message from a phone on the `i`-th bound session (modulo their number). */
  message(i: number, from: string, text: string, messageId?: string): void {
    const list = [...this.sessions];
    const s = list[i % list.length];
    s.deliver_sm({
      source_addr: from,
      destination_addr: 'CENOU',
      esm_class: 0,
      short_message: text,
      ...(messageId ? { receipted_message_id: messageId } : {}),
    });
  }

  /** Goes away: what was answered is flushed, every connection ended, the port closed. */
  async goDown(): Promise<void> {
    this.down = true;
    const closing = [...this.sessions].map(
      (s) =>
        new Promise<void>((resolve) => {
          s.socket.once('close', () => resolve());
          s.socket.end();
          setTimeout(() => s.socket.destroy(), 2000).unref();
        }),
    );
    await Promise.all(closing);
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Comes back on the same port. */
  async comeBack(): Promise<void> {
    await this.start(this.port);
  }

  async stop(): Promise<void> {
    this.down = true;
    for (const s of this.sessions) s.socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
