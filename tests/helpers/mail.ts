import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { rows, type Db } from '../../src/server/db/client';
import {
  QUEUED_MAIL_COLUMNS,
  QUEUED_MAIL_TEMPLATE_JOIN,
  renderQueuedMail,
  type QueuedMail,
} from '../../src/server/mail/outbox';
import { expandLots } from '../../src/server/mail/lots';
import { LOT_KINDS } from '../../src/server/modules/lot-kinds';

/**
 * Reading mails as a person's mail client would: MIME parts, quoted-printable or base64 bodies,
 * UTF-8 (the STACK-NOTES trap: `=C3=A9` for é, soft line breaks, `=3D` for =).
 */

export function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const src = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const at = normalized.indexOf('\n\n');
  const head = at < 0 ? normalized : normalized.slice(0, at);
  const body = at < 0 ? '' : normalized.slice(at + 2);
  const headers: Record<string, string> = {};
  let last = '';
  for (const line of head.split('\n')) {
    if (/^\s/.test(line) && last) headers[last] += ` ${line.trim()}`;
    else {
      const i = line.indexOf(':');
      if (i < 0) continue;
      last = line.slice(0, i).toLowerCase();
      headers[last] = line.slice(i + 1).trim();
    }
  }
  return { headers, body };
}

function leaves(raw: string): Part[] {
  const part = splitPart(raw);
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const chunks = part.body.split(`--${boundary}`).slice(1);
    return chunks.filter((c) => !c.startsWith('--')).flatMap((c) => leaves(c.replace(/^\n/, '')));
  }
  return [part];
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) of a header. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

export interface ParsedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export function parseMail(raw: string): ParsedMail {
  const top = splitPart(raw);
  const parts = leaves(raw);
  const find = (t: string) =>
    parts.find((p) => (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(t));
  const text = find('text/plain');
  const html = find('text/html');
  return {
    to: top.headers.to ?? '',
    subject: decodeHeader(top.headers.subject ?? ''),
    text: text ? decodeBody(text) : '',
    html: html ? decodeBody(html) : '',
    messageId: top.headers['message-id'] ?? '',
  };
}

/** The password given on the mail's `Mot de passe : …` line. */
export function passwordOf(mail: ParsedMail): string {
  const m = /^Mot de passe\u00a0: (\S+)$/m.exec(mail.text);
  if (!m) throw new Error(`no password line in:\n${mail.text}`);
  return m[1];
}

/** The .eml files written by the worker (no SMTP_URL), parsed, oldest first. */
export function readMailDir(dir: string): ParsedMail[] {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => parseMail(readFileSync(path.join(dir, f), 'utf8')));
}

/** A real SMTP server on 127.0.0.1 (no STARTTLS, no authentication), collecting what it receives. */
export class TestSmtpServer {
  readonly received: ParsedMail[] = [];
  private server?: SMTPServer;
  port = 0;

  async start(port = this.port): Promise<number> {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.received.push(parseMail(Buffer.concat(chunks).toString('utf8')));
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
    return this.port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

/**
 * The queued mails as the worker would send them: the due lots (a publication's result mails) are
 * first expanded as the worker does (unless `expand: false`), and a mail of the outbox's template form (`id_template` +
 * `params`) is rendered by the worker's own function.
 */
export async function queuedMails(
  db: Db,
  where: SQL,
  opts: { expand?: boolean } = {},
): Promise<{ id: number; recipient: string; subject: string; text_body: string; html_body: string }[]> {
  if (opts.expand !== false) await expandLots(db, { kinds: LOT_KINDS });
  const found = await rows<QueuedMail & { id: number; recipient: string }>(
    db,
    sql`SELECT m.id, m.recipient, ${QUEUED_MAIL_COLUMNS} FROM outbox_mail m ${QUEUED_MAIL_TEMPLATE_JOIN}
        WHERE ${where} ORDER BY m.id`,
  );
  return found.map((m) => {
    const r = renderQueuedMail(m);
    return {
      id: m.id,
      recipient: m.recipient,
      subject: r.subject,
      text_body: r.textBody,
      html_body: r.htmlBody,
    };
  });
}
