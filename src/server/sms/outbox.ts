import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';

/**
 * Queues SMS in the outbox table `outbox_sms` (docs/messages.md#sms). Like a mail (mail/outbox.ts),
 * call it with the transaction of the change that causes the SMS: both are committed together or
 * not at all; the SMS worker (worker.ts) sends it. An SMS goes to an account: its number is the
 * account's verified phone (`users.telephone`), else its registry row's `tel_etudiant` (or the
 * `recipient` given); an account with neither gets none (nothing is queued). The number is normalised when it is sent.
 */
export interface QueuedSms {
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
export const SMS_PHONE_SQL = sql`COALESCE(u.telephone,
  (SELECT NULLIF(btrim(r.tel_etudiant), '') FROM registre_etudiant r
   WHERE r.id_user = u.id AND r.deleted_at IS NULL LIMIT 1))`;

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
  const inserted = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO outbox_sms (kind, recipient, text_body, id_user, id_dossier, id_sms_entrant, state, sent_at,
          created_at, next_attempt_at, attempts)
        SELECT x.kind, p.tel, x.text, x.id_user, x.id_dossier, x.id_sms_entrant,
          CASE WHEN x.sent_at IS NULL THEN 'EN_ATTENTE' ELSE 'ENVOYE' END, x.sent_at,
          coalesce(x.sent_at, now()), coalesce(x.sent_at, now()), CASE WHEN x.sent_at IS NULL THEN 0 ELSE 1 END
        FROM jsonb_to_recordset(${payload}::jsonb)
          AS x(ord int, kind text, id_user int, id_dossier int, text text, recipient text, id_sms_entrant bigint,
               sent_at timestamptz)
        JOIN users u ON u.id = x.id_user AND u.deleted_at IS NULL
        CROSS JOIN LATERAL (SELECT COALESCE(x.recipient, ${SMS_PHONE_SQL}) AS tel) p
        WHERE p.tel IS NOT NULL
        ORDER BY x.ord
        RETURNING id`,
  );
  return inserted.length;
}

/** Queues one SMS (same rule); false when the account has no number. */
export async function enqueueSms(tx: Db, sms: QueuedSms): Promise<boolean> {
  return (await enqueueSmsList(tx, [sms])) > 0;
}
