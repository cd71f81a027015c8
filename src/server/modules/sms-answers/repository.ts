import { sql } from 'drizzle-orm';
import { one, rows, type Db } from '../../db/client';

/** A message from a phone, waiting to be answered. */
export interface IncomingRow {
  id: number;
  sender: string;
  text: string;
  receivedAt: string;
  attempts: number;
}

/**
 * The oldest message waiting that no one holds (FOR UPDATE SKIP LOCKED), whose sender has no older
 * message waiting (a sender's messages are answered in the order they came), leaving out `skip`
 * (the messages that failed in this run).
 */
export function claimIncoming(tx: Db, skip: readonly number[]) {
  return one<IncomingRow>(
    tx,
    sql`SELECT e.id, e.sender, COALESCE(e.text_body, '') AS text, e.received_at AS "receivedAt", e.attempts
        FROM sms_entrant e
        WHERE e.kind = 'MESSAGE' AND e.processed_at IS NULL
          AND e.id <> ALL(${`{${skip.join(',')}}`}::bigint[])
          AND NOT EXISTS (SELECT 1 FROM sms_entrant p
                          WHERE p.kind = 'MESSAGE' AND p.sender = e.sender AND p.id < e.id AND p.processed_at IS NULL)
        ORDER BY e.id LIMIT 1
        FOR UPDATE OF e SKIP LOCKED`,
  );
}

/** A student account whose SMS number this is. */
export interface NumberOwner {
  idUser: number;
  userName: string;
  idDirection: number | null;
}

/**
 * The students this number is the SMS number of: the account that verified it, and the accounts
 * that verified none and whose registry row has it (`tel_normalise`). A registry number may be
 * shared (a family's phone): then several. Only students have either (a verified number is set by
 * `phone.own`, a registry row links only a student's account).
 */
export function studentsOfNumber(db: Db, sender: string) {
  return rows<NumberOwner>(
    db,
    sql`SELECT u.id AS "idUser", u.user_name AS "userName", u.id_direction AS "idDirection"
        FROM users u WHERE u.telephone = ${sender} AND u.deleted_at IS NULL
        UNION
        SELECT u.id, u.user_name, u.id_direction
        FROM registre_etudiant r JOIN users u ON u.id = r.id_user
        WHERE r.tel_normalise = ${sender} AND r.id_user IS NOT NULL AND r.deleted_at IS NULL
          AND u.deleted_at IS NULL AND u.telephone IS NULL
        ORDER BY 1`,
  );
}

/** The dossier of this reference among these accounts' (undefined: none of theirs). */
export function dossierOfReference(db: Db, reference: string, idUsers: readonly number[]) {
  return one<{ idDossier: number; idUser: number; referenceDossier: string }>(
    db,
    sql`SELECT id_dossier AS "idDossier", id_user AS "idUser", reference_dossier AS "referenceDossier"
        FROM dossier
        WHERE reference_dossier = ${reference} AND deleted_at IS NULL
          AND id_user = ANY(${`{${idUsers.join(',')}}`}::int[])`,
  );
}

/**
 * The reference the help SMS gives as its example, among the dossiers of a number's students: the
 * one whose offer awaits an answer, else the newest; with, for a number whose students have no
 * dossier, the first student's direction (its sigle makes an example of that direction).
 */
export function helpExample(db: Db, idUsers: readonly number[]) {
  return one<{ reference: string | null; sigleDirection: string | null; idDirection: number | null }>(
    db,
    sql`SELECT (SELECT d.reference_dossier FROM dossier d
                WHERE d.id_user = ANY(${`{${idUsers.join(',')}}`}::int[]) AND d.deleted_at IS NULL
                ORDER BY (d.statut_dossier = 'ADMIS' AND d.reponse IS NULL AND d.date_limite_reponse > now()) DESC,
                  d.id_dossier DESC
                LIMIT 1) AS reference,
          dir.sigle_direction AS "sigleDirection", dir.id_direction AS "idDirection"
        FROM users u LEFT JOIN direction dir ON dir.id_direction = u.id_direction
        WHERE u.id = ${idUsers[0]}`,
  );
}

/**
 * An earlier message of this sender with the same text, received less than `seconds` before this
 * one: the same message delivered again by a centre that gives no id.
 */
export async function sameMessageBefore(db: Db, m: IncomingRow, seconds: number): Promise<boolean> {
  const row = await one<{ id: number }>(
    db,
    sql`SELECT id FROM sms_entrant
        WHERE kind = 'MESSAGE' AND sender = ${m.sender} AND id < ${m.id}
          AND COALESCE(text_body, '') = ${m.text}
          AND received_at > ${m.receivedAt}::timestamptz - make_interval(secs => ${seconds})
        LIMIT 1`,
  );
  return row !== undefined;
}

/** Whether this number was sent the help SMS less than `minutes` ago. */
export async function helpSentLately(db: Db, sender: string, minutes: number): Promise<boolean> {
  const row = await one<{ id: number }>(
    db,
    sql`SELECT id FROM sms_entrant
        WHERE kind = 'MESSAGE' AND sender = ${sender} AND result = 'AIDE'
          AND processed_at > now() - make_interval(mins => ${minutes})
        LIMIT 1`,
  );
  return row !== undefined;
}

export async function markProcessed(
  tx: Db,
  id: number,
  outcome: { idUser: number | null; result: string },
): Promise<void> {
  await tx.execute(
    sql`UPDATE sms_entrant SET processed_at = now(), id_user = ${outcome.idUser}, result = ${outcome.result}
        WHERE id = ${id}`,
  );
}

/** One failed handling counted; at `max`, the message is set aside (ERREUR) and the sender's next ones go on. */
export async function markFailed(db: Db, id: number, max: number): Promise<void> {
  await db.execute(
    sql`UPDATE sms_entrant SET attempts = attempts + 1,
          processed_at = CASE WHEN attempts + 1 >= ${max} THEN now() END,
          result = CASE WHEN attempts + 1 >= ${max} THEN 'ERREUR' END
        WHERE id = ${id} AND processed_at IS NULL`,
  );
}
