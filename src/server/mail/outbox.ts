import { escapeHtml } from '../../domain/format';
import { eq, isNull, sql } from 'drizzle-orm';
import { columnName as name } from '../db/bulk';
import { builtOnce, placeholderAs, type Db } from '../db/client';
import { outboxMail, outboxTemplate } from '../db/schema';
import { insertLot } from './repository';
import { fencedByPlaceholders, type Claimed, type QueueTable } from '../jobs/repository';
import {
  CODE_LINE_SCRUBBED,
  CODE_LINE_SQL_PATTERN,
  PASSWORD_LINE_SCRUBBED,
  PASSWORD_LINE_SQL_PATTERN,
  type MailContent,
} from './templates';

/** Whom a mail is for and what it tells of: the staff read the mails per student and per session. */
interface MailRef {
  idUser?: number | null;
  idDossier?: number | null;
}

/**
 * Queues a mail in the outbox table. Call it with the transaction of the change that causes the
 * mail: both are committed together or not at all (docs/accounts.md). The worker sends it.
 */
export async function enqueueMail(
  tx: Db,
  recipient: string,
  mail: MailContent,
  ref: MailRef = {},
): Promise<void> {
  await enqueueMailStatement(tx).execute({
    kind: mail.kind,
    recipient,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    idUser: ref.idUser ?? null,
    idDossier: ref.idDossier ?? null,
  });
}

/** `enqueueMail`'s statement, built once per connection. */
const enqueueMailStatement = builtOnce((tx) =>
  tx
    .insert(outboxMail)
    .values({
      kind: sql.placeholder('kind'),
      recipient: sql.placeholder('recipient'),
      subject: sql.placeholder('subject'),
      textBody: sql.placeholder('textBody'),
      htmlBody: sql.placeholder('htmlBody'),
      idUser: placeholderAs('idUser', 'int'),
      idDossier: placeholderAs('idDossier', 'int'),
    })
    .prepare('courriel_en_file'),
);

/** `INSERT INTO outbox_mail (…)`: the table and its columns named from the schema (a rename fails to compile). */
const insertMails = (columns: (typeof outboxMail)[keyof typeof outboxMail.$inferSelect][]) =>
  sql`INSERT INTO ${outboxMail} (${sql.join(columns.map(name), sql`, `)})`;

/** Queues many mails in one statement (an assignment of thousands of students), same transaction rule. */
export async function enqueueMails(
  tx: Db,
  list: readonly ({ recipient: string; mail: MailContent; sentAt?: Date } & MailRef)[],
): Promise<void> {
  if (!list.length) return;
  const payload = JSON.stringify(
    list.map(({ recipient, mail, idUser, idDossier, sentAt }, ord) => ({
      // Written as already sent on that day (the demo's past seasons): the worker never picks it.
      sent_at: sentAt?.toISOString() ?? null,
      ord,
      kind: mail.kind,
      recipient,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      id_user: idUser ?? null,
      id_dossier: idDossier ?? null,
    })),
  );
  // One INSERT … SELECT for the whole list (thousands of rows: one parameter, not ten a row).
  await tx.execute(
    sql`${insertMails([
      outboxMail.kind,
      outboxMail.recipient,
      outboxMail.subject,
      outboxMail.textBody,
      outboxMail.htmlBody,
      outboxMail.idUser,
      outboxMail.idDossier,
      outboxMail.sentAt,
      outboxMail.createdAt,
      outboxMail.nextAttemptAt,
      outboxMail.attempts,
    ])}
        SELECT x.kind, x.recipient, x.subject, x.text, x.html, x.id_user, x.id_dossier, x.sent_at,
          coalesce(x.sent_at, now()), coalesce(x.sent_at, now()), CASE WHEN x.sent_at IS NULL THEN 0 ELSE 1 END
        FROM jsonb_to_recordset(${payload}::jsonb)
          AS x(ord int, kind text, recipient text, subject text, text text, html text, id_user int, id_dossier int,
               sent_at timestamptz)
        ORDER BY x.ord`,
  );
}

/**
 * Queues many mails of the template form (`placeholder`, below) in one statement: each row names
 * its stored template (`saveTemplates`) and holds its values; same transaction rule. The
 * deliberation's result lot is expanded through it (src/server/modules/deliberation).
 */
export async function enqueueTemplateMails(
  tx: Db,
  list: readonly ({
    kind: string;
    recipient: string;
    idTemplate: number;
    params: Record<string, string>;
  } & MailRef)[],
): Promise<void> {
  if (!list.length) return;
  const payload = JSON.stringify(
    list.map(({ kind, recipient, idTemplate, params, idUser, idDossier }, ord) => ({
      ord,
      kind,
      recipient,
      id_template: idTemplate,
      params,
      id_user: idUser ?? null,
      id_dossier: idDossier ?? null,
    })),
  );
  await tx.execute(
    sql`${insertMails([
      outboxMail.kind,
      outboxMail.recipient,
      outboxMail.idTemplate,
      outboxMail.params,
      outboxMail.idUser,
      outboxMail.idDossier,
    ])}
        SELECT x.kind, x.recipient, x.id_template, x.params, x.id_user, x.id_dossier
        FROM jsonb_to_recordset(${payload}::jsonb)
          AS x(ord int, kind text, recipient text, id_template bigint, params jsonb, id_user int, id_dossier int)
        ORDER BY x.ord`,
  );
}

/**
 * The template form, for mails queued by the thousand in one statement (the deliberation's results):
 * the mail's text is stored once per publication (`outbox_template`) with placeholders, and each
 * queued row keeps only its values (`outbox_mail.params`); the worker renders it when it sends
 * (`renderQueuedMail`). A placeholder is `\u0001name\u0001` (a control character no template text
 * or value holds); in the HTML body the value is HTML-escaped like the templates' own text.
 */
export const placeholder = (name: string) => `\u0001${name}\u0001`;

// eslint-disable-next-line no-control-regex -- the placeholder's marker is a control character on purpose
const PLACEHOLDER = /\u0001(\w+)\u0001/g;

function fillTemplate(text: string, params: Record<string, string>, html: boolean): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name] ?? '';
    return html ? escapeHtml(value) : value;
  });
}

/** A queued mail as the worker sends it: either its own text, or its template filled with its params. */
export interface QueuedMail {
  subject: string | null;
  textBody: string | null;
  htmlBody: string | null;
  tplSubject?: string | null;
  tplText?: string | null;
  tplHtml?: string | null;
  params?: Record<string, string> | null;
}

/**
 * A queued mail's subject as its recipient reads it: its template's subject filled with its values,
 * or its own subject. The one rule for the sender (`renderQueuedMail`) and for the staff's list of
 * what was sent, so both read the same subject.
 */
export function fillSubject(m: Pick<QueuedMail, 'subject' | 'tplSubject' | 'params'>): string {
  return m.tplSubject == null ? (m.subject ?? '') : fillTemplate(m.tplSubject, m.params ?? {}, false);
}

export function renderQueuedMail(m: QueuedMail): { subject: string; textBody: string; htmlBody: string } {
  if (m.tplSubject == null || m.tplText == null || m.tplHtml == null)
    return { subject: m.subject ?? '', textBody: m.textBody ?? '', htmlBody: m.htmlBody ?? '' };
  const params = m.params ?? {};
  return {
    subject: fillSubject(m),
    textBody: fillTemplate(m.tplText, params, false),
    htmlBody: fillTemplate(m.tplHtml, params, true),
  };
}

/** The SQL that reads a queued mail with its template, for `renderQueuedMail` (alias `m` for outbox_mail). */
export const QUEUED_MAIL_COLUMNS = sql`m.subject, m.text_body AS "textBody", m.html_body AS "htmlBody",
  t.subject AS "tplSubject", t.text_body AS "tplText", t.html_body AS "tplHtml", m.params`;
export const QUEUED_MAIL_TEMPLATE_JOIN = sql`LEFT JOIN outbox_template t ON t.id = m.id_template`;

/**
 * Stores mail templates (same transaction as the rows that use them) and returns their ids by key.
 * The rows are then queued by the caller's own `INSERT … SELECT` with `id_template` and `params`.
 */
export async function saveTemplates(
  tx: Db,
  templates: Record<string, MailContent>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [key, mail] of Object.entries(templates)) {
    const [row] = await tx
      .insert(outboxTemplate)
      .values({ kind: mail.kind, subject: mail.subject, textBody: mail.text, htmlBody: mail.html })
      .returning({ id: outboxTemplate.id });
    ids.set(key, row.id);
  }
  return ids;
}

/**
 * Queues a lot: one row standing for many template-form mails (a publication's results), which the
 * mail worker expands into `outbox_mail` rows a chunk at a time (src/server/mail/lots.ts). Same
 * transaction rule as a mail: committed with the change that causes it, or not at all. `templates`:
 * the ids `saveTemplates` returned, by key; what a key means is the lot kind's business.
 */
export async function queueLot(
  tx: Db,
  lot: { kind: string; idDeliberation: number; templates: Map<string, number> },
): Promise<void> {
  await insertLot(tx, {
    kind: lot.kind,
    idDeliberation: lot.idDeliberation,
    templates: Object.fromEntries(lot.templates),
  });
}

/** The mails as jobs of the queue (src/server/jobs): a mail is to send until `sent_at` is set. */
export const MAIL_QUEUE: QueueTable<typeof outboxMail> = {
  table: outboxMail,
  columns: {
    id: 'id',
    attempts: 'attempts',
    tries: 'tries',
    nextAt: 'nextAttemptAt',
    lastError: 'lastError',
  },
  pending: isNull(outboxMail.sentAt),
};

/** A claimed mail, ready to send: its own text, or its template filled (`renderQueuedMail`). */
export interface ClaimedMail extends Claimed {
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
}

const asParams = (v: unknown): Record<string, string> | null =>
  v !== null && typeof v === 'object'
    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]))
    : null;

/** The claimed mails' rows with their template, by their ids (an array), built once per connection. */
const claimedMailsStatement = builtOnce((db) =>
  db
    .select({
      id: outboxMail.id,
      recipient: outboxMail.recipient,
      subject: outboxMail.subject,
      textBody: outboxMail.textBody,
      htmlBody: outboxMail.htmlBody,
      params: outboxMail.params,
      tplSubject: outboxTemplate.subject,
      tplText: outboxTemplate.textBody,
      tplHtml: outboxTemplate.htmlBody,
    })
    .from(outboxMail)
    .leftJoin(outboxTemplate, eq(outboxTemplate.id, outboxMail.idTemplate))
    .where(sql`${outboxMail.id} = ANY(${placeholderAs('ids', 'bigint[]')})`)
    .prepare('courriels_pris'),
);

/** The claimed mails' content, rendered, in the order of `jobs`. */
export async function claimedMails(db: Db, jobs: readonly Claimed[]): Promise<ClaimedMail[]> {
  if (!jobs.length) return [];
  const list = await claimedMailsStatement(db).execute({ ids: jobs.map((j) => j.id) });
  const byId = new Map(list.map((m) => [m.id, m]));
  return jobs.flatMap((j) => {
    const m = byId.get(j.id);
    return m
      ? [{ ...j, recipient: m.recipient, ...renderQueuedMail({ ...m, params: asParams(m.params) }) }]
      : [];
  });
}

const scrub = (col: typeof outboxMail.textBody | typeof outboxMail.htmlBody) =>
  sql`regexp_replace(regexp_replace(${col}, ${PASSWORD_LINE_SQL_PATTERN}, ${PASSWORD_LINE_SCRUBBED}, 'g'),
        ${CODE_LINE_SQL_PATTERN}, ${CODE_LINE_SCRUBBED}, 'g')`;

/**
 * Records a mail as sent: its password line (and a forgotten password's code line) blanked in the
 * stored copy, where they live on only as hashes. Fenced by its claim (`fenced`): a claim whose
 * lease ran out records nothing → whether it was recorded.
 */
export async function markMailSent(db: Db, job: Claimed): Promise<boolean> {
  const done = await markSentStatement(db).execute({ id: job.id, attempts: job.attempts });
  return done.length > 0;
}

/** `markMailSent`'s statement, fenced by the claim's placeholders, built once per connection. */
const markSentStatement = builtOnce((db) =>
  db
    .update(outboxMail)
    .set({
      sentAt: sql`now()`,
      lastError: null,
      textBody: scrub(outboxMail.textBody),
      htmlBody: scrub(outboxMail.htmlBody),
    })
    .where(fencedByPlaceholders(MAIL_QUEUE))
    .returning({ id: outboxMail.id })
    .prepare('courriel_envoye'),
);
