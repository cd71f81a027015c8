import { eq, sql } from 'drizzle-orm';
import { columnName as name } from '../db/bulk';
import { builtOnce, placeholderAs, type Db } from '../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { outboxSms, registreEtudiant, smsEntrant, users } from '../db/schema';
import { fenced, fencedByPlaceholders, type Claimed, type QueueTable } from '../jobs/repository';

/**
 * Queues SMS in the outbox table `outbox_sms` (docs/messages.md#sms). Like a mail (mail/outbox.ts),
 * call it with the transaction of the change that causes the SMS: both are committed together or
 * not at all; the SMS worker (worker.ts) sends it. An SMS goes to an account: its number is the
 * account's verified phone (`users.telephone`), else its registry row's `tel_etudiant` (or the
 * `recipient` given); an account with neither gets none (nothing is queued). The number is normalised when it is sent.
 */
interface QueuedSms {
  /** The kind (messages-sms.ts `SmsKind`, or RESULTAT…), as the staff read it. */
  kind: string;
  /** The account it goes to. */
  idUser: number;
  /** The dossier it tells of, if any (the staff's history per dossier and counts per session). */
  idDossier?: number | null;
  /** The text, in the GSM alphabet (messages-sms.ts `smsText`). */
  text: string;
  /**
   * Another number than the account's (the number being verified; the number an SMS answer came
   * from): the SMS goes there, still filed under the account.
   */
  recipient?: string | null;
  /** The incoming SMS this one answers (docs/decisions/030-verified-phone-and-sms-answers.md). */
  idSmsEntrant?: number | null;
  /** Written as already sent on that day (the demo's past seasons): the worker never picks it. */
  sentAt?: Date;
}

/** The number an account's SMS go to (alias `u` for users): the verified phone, else the registry's. */
const SMS_PHONE_SQL = sql`COALESCE(u.${name(users.telephone)},
  (SELECT NULLIF(btrim(r.${name(registreEtudiant.telEtudiant)}), '') FROM ${registreEtudiant} r
   WHERE r.${name(registreEtudiant.idUser)} = u.${name(users.id)} AND r.${name(registreEtudiant.deletedAt)} IS NULL LIMIT 1))`;

/** An SMS's row, as the schema types it. */
type Sms = typeof outboxSms.$inferSelect;

/**
 * One INSERT … SELECT over the schema's names, the list as one JSON parameter (the account's
 * number found in the same statement); its answer is read through a typed CTE. Built once per
 * connection: the same text whatever the list.
 */
const enqueueStatement = builtOnce((tx) => {
  const state = (value: Sms['state']) => sql.raw(`'${value}'`);
  const ins = tx.$with('ins', { id: sql<Sms['id']>`id`.as('id') }).as(
    sql`INSERT INTO ${outboxSms} (${sql.join(
      [
        outboxSms.kind,
        outboxSms.recipient,
        outboxSms.textBody,
        outboxSms.idUser,
        outboxSms.idDossier,
        outboxSms.idSmsEntrant,
        outboxSms.state,
        outboxSms.sentAt,
        outboxSms.createdAt,
        outboxSms.nextAttemptAt,
        outboxSms.attempts,
      ].map(name),
      sql`, `,
    )})
          SELECT x.kind, p.tel, x.text, x.id_user, x.id_dossier, x.id_sms_entrant,
            CASE WHEN x.sent_at IS NULL THEN ${state('EN_ATTENTE')} ELSE ${state('ENVOYE')} END, x.sent_at,
            coalesce(x.sent_at, now()), coalesce(x.sent_at, now()), CASE WHEN x.sent_at IS NULL THEN 0 ELSE 1 END
          FROM jsonb_to_recordset(${placeholderAs('payload', 'jsonb')})
            AS x(ord int, kind text, id_user int, id_dossier int, text text, recipient text, id_sms_entrant bigint,
                 sent_at timestamptz)
          JOIN ${users} u ON u.${name(users.id)} = x.id_user AND u.${name(users.deletedAt)} IS NULL
          CROSS JOIN LATERAL (SELECT COALESCE(x.recipient, ${SMS_PHONE_SQL}) AS tel) p
          WHERE p.tel IS NOT NULL
          ORDER BY x.ord
          RETURNING ${name(outboxSms.id)}`,
  );
  return tx.with(ins).select({ id: ins.id }).from(ins).prepare('sms_en_file');
});

/** Queues one SMS per item, in one statement; returns how many were queued (accounts with a number). */
export async function enqueueSmsList(tx: Db, list: readonly QueuedSms[]): Promise<number> {
  if (!list.length) return 0;
  const payload = JSON.stringify(
    list.map((s, ord) => ({
      ord,
      kind: s.kind,
      id_user: s.idUser,
      id_dossier: s.idDossier ?? null,
      text: s.text,
      recipient: s.recipient ?? null,
      id_sms_entrant: s.idSmsEntrant ?? null,
      sent_at: s.sentAt?.toISOString() ?? null,
    })),
  );
  const inserted = await enqueueStatement(tx).execute({ payload });
  return inserted.length;
}

/** Queues one SMS (same rule); false when the account has no number. */
export async function enqueueSms(tx: Db, sms: QueuedSms): Promise<boolean> {
  return (await enqueueSmsList(tx, [sms])) > 0;
}

/** The SMS as jobs of the queue (src/server/jobs): an SMS is to send while it is EN_ATTENTE. */
export const SMS_QUEUE: QueueTable<typeof outboxSms> = {
  table: outboxSms,
  columns: {
    id: 'id',
    attempts: 'attempts',
    tries: 'tries',
    nextAt: 'nextAttemptAt',
    lastError: 'lastError',
  },
  pending: eq(outboxSms.state, 'EN_ATTENTE'),
};

/** A claimed SMS, ready to send. */
export interface ClaimedSms extends Claimed {
  kind: string;
  recipient: string;
  textBody: string;
}

/** The claimed SMS' rows by their ids (an array), built once per connection. */
const claimedSmsStatement = builtOnce((db) =>
  db
    .select({
      id: outboxSms.id,
      kind: outboxSms.kind,
      recipient: outboxSms.recipient,
      textBody: outboxSms.textBody,
    })
    .from(outboxSms)
    .where(sql`${outboxSms.id} = ANY(${placeholderAs('ids', 'bigint[]')})`)
    .prepare('sms_pris'),
);

/** The claimed SMS's content, in the order of `jobs`. */
export async function claimedSms(db: Db, jobs: readonly Claimed[]): Promise<ClaimedSms[]> {
  if (!jobs.length) return [];
  const list = await claimedSmsStatement(db).execute({ ids: jobs.map((j) => j.id) });
  const byId = new Map(list.map((m) => [m.id, m]));
  return jobs.flatMap((j) => {
    const m = byId.get(j.id);
    return m ? [{ ...j, kind: m.kind, recipient: m.recipient, textBody: m.textBody }] : [];
  });
}

/** Kinds whose text holds a secret (the code): blanked in the stored copy once it is out. */
const SECRET_KINDS = ['CODE_MOT_DE_PASSE', 'CODE_TELEPHONE'];
const SECRET_SQL_PATTERN = '[0-9]{6}';
const SECRET_SCRUBBED = '******';

const scrubbed = sql`CASE WHEN ${outboxSms.kind} IN (${sql.join(
  SECRET_KINDS.map((k) => sql`${k}`),
  sql`, `,
)}) THEN regexp_replace(${outboxSms.textBody}, ${SECRET_SQL_PATTERN}, ${SECRET_SCRUBBED}, 'g') ELSE ${outboxSms.textBody} END`;

/**
 * Records the SMS as accepted by the centre (ENVOYE, its message id), its secret blanked; fenced by
 * its claim (a claim whose lease ran out records nothing) → whether it was recorded.
 */
export async function markSmsSent(db: Db, job: Claimed, messageId: string | null): Promise<boolean> {
  const done = await markSentStatement(db).execute({ id: job.id, attempts: job.attempts, messageId });
  return done.length > 0;
}

/** `markSmsSent`'s statement, fenced by the claim's placeholders, built once per connection. */
const markSentStatement = builtOnce((db) =>
  db
    .update(outboxSms)
    .set({
      state: 'ENVOYE',
      sentAt: sql`now()`,
      messageId: placeholderAs('messageId', 'text'),
      lastError: null,
      textBody: scrubbed,
    })
    .where(fencedByPlaceholders(SMS_QUEUE))
    .returning({ id: outboxSms.id })
    .prepare('sms_envoye'),
);

/** Records the SMS as refused for good (ECHEC), its secret blanked; fenced by its claim. */
export async function markSmsFailed(db: Db, job: Claimed, error: string): Promise<boolean> {
  const done = await db
    .update(outboxSms)
    .set({ state: 'ECHEC', lastError: error.slice(0, 500), textBody: scrubbed })
    .where(fenced(SMS_QUEUE, job))
    .returning({ id: outboxSms.id });
  return done.length > 0;
}

/** The receipt states that end a message (SMPP 3.4 appendix B); the others (ENROUTE, ACCEPTD) change nothing. */
const DELIVERED = 'DELIVRD';
const FINAL_STATES = ['DELIVRD', 'EXPIRED', 'DELETED', 'UNDELIV', 'REJECTD', 'UNKNOWN'];

/**
 * The final receipt of a message, applied to it (both the receipt's arrival and the SMS's record
 * as sent call this: whichever comes last finds the other). Only a receipt that came after the
 * SMS was queued counts: a centre may give a message id again, years later.
 */
export async function applyReceipts(db: Db, messageId: string): Promise<void> {
  const state = (value: Sms['state']) => sql.raw(`'${value}'`);
  const accuse: (typeof smsEntrant.$inferSelect)['kind'] = 'ACCUSE';
  const o = (col: AnyPgColumn) => sql`o.${name(col)}`;
  const e = (col: AnyPgColumn) => sql`e.${name(col)}`;
  const delivered = sql`${e(smsEntrant.receiptState)} = ${DELIVERED}`;
  await db.execute(
    sql`WITH s AS (SELECT ${name(outboxSms.id)}, ${name(outboxSms.createdAt)} FROM ${outboxSms}
                   WHERE ${name(outboxSms.messageId)} = ${messageId} AND ${name(outboxSms.state)} = ${state('ENVOYE')})
        UPDATE ${outboxSms} o SET
          ${name(outboxSms.state)} = CASE WHEN ${delivered} THEN ${state('DELIVRE')} ELSE ${state('ECHEC')} END,
          ${name(outboxSms.deliveredAt)} = CASE WHEN ${delivered} THEN ${e(smsEntrant.receivedAt)} END,
          ${name(outboxSms.lastError)} = CASE WHEN ${delivered} THEN NULL ELSE ${e(smsEntrant.receiptState)} END
        FROM s CROSS JOIN LATERAL (
          SELECT ${name(smsEntrant.receiptState)}, ${name(smsEntrant.receivedAt)} FROM ${smsEntrant}
          WHERE ${name(smsEntrant.kind)} = ${sql.raw(`'${accuse}'`)} AND ${name(smsEntrant.messageId)} = ${messageId}
            AND ${name(smsEntrant.receivedAt)} >= s.${name(outboxSms.createdAt)}
            AND ${name(smsEntrant.receiptState)} IN (${sql.join(
              FINAL_STATES.map((x) => sql`${x}`),
              sql`, `,
            )})
          ORDER BY ${name(smsEntrant.id)} DESC LIMIT 1) e
        WHERE ${o(outboxSms.id)} = s.${name(outboxSms.id)}`,
  );
}
