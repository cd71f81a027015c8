import { sql } from 'drizzle-orm';
import type { MessageCounts, SentMessage } from '../../../domain/schemas/messages';
import { one, rows, type Db } from '../../db/client';

const ISO = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The most messages a student's list shows (newest kept). */
const LIST_MAX = 200;

/** The dossier's direction and its student's account. */
export function dossierOwner(db: Db, idDossier: number) {
  return one<{ idDirection: number; idUser: number }>(
    db,
    sql`SELECT id_direction AS "idDirection", id_user AS "idUser" FROM dossier
        WHERE id_dossier = ${idDossier} AND deleted_at IS NULL`,
  );
}

/** Every mail and SMS sent to the account, oldest first (the last LIST_MAX). */
export function messagesOfUser(db: Db, idUser: number): Promise<SentMessage[]> {
  return rows<SentMessage>(
    db,
    sql`SELECT * FROM (
          SELECT 'MAIL' AS canal, m.kind AS type, m.recipient AS destinataire,
            COALESCE(m.subject, t.subject, '') AS contenu,
            CASE WHEN m.sent_at IS NULL THEN 'EN_ATTENTE' ELSE 'ENVOYE' END AS etat,
            ${ISO('m.created_at')} AS "dateCreation", ${ISO('m.sent_at')} AS "dateEnvoi",
            NULL AS "dateRemise", m.last_error AS erreur, m.created_at AS at
          FROM outbox_mail m LEFT JOIN outbox_template t ON t.id = m.id_template
          WHERE m.id_user = ${idUser}
          UNION ALL
          SELECT 'SMS', s.kind, s.recipient, s.text_body, s.state,
            ${ISO('s.created_at')}, ${ISO('s.sent_at')}, ${ISO('s.delivered_at')}, s.last_error, s.created_at
          FROM outbox_sms s WHERE s.id_user = ${idUser}
          ORDER BY at DESC LIMIT ${LIST_MAX}) x
        ORDER BY at, canal`,
  ).then((list) => list.map(({ at: _at, ...m }: SentMessage & { at?: unknown }) => m));
}

/** The session's messages (of its dossiers, in the direction if given) by channel and state. */
export async function sessionMessageCounts(
  db: Db,
  idSessionCenou: number,
  idDirection: number | undefined,
): Promise<MessageCounts> {
  const dossiers = sql`SELECT id_dossier FROM dossier WHERE id_session_cenou = ${idSessionCenou}
    ${idDirection === undefined ? sql`` : sql`AND id_direction = ${idDirection}`}`;
  const found = await rows<{ canal: 'MAIL' | 'SMS'; etat: string; n: number }>(
    db,
    sql`SELECT 'MAIL' AS canal, CASE WHEN sent_at IS NULL THEN 'EN_ATTENTE' ELSE 'ENVOYE' END AS etat, count(*)::int AS n
        FROM outbox_mail WHERE id_dossier IN (${dossiers}) GROUP BY 1, 2
        UNION ALL
        SELECT 'SMS', state, count(*)::int FROM outbox_sms WHERE id_dossier IN (${dossiers}) GROUP BY 1, 2`,
  );
  return (['MAIL', 'SMS'] as const).map((canal) => {
    const of = (etat: string) => found.find((f) => f.canal === canal && f.etat === etat)?.n ?? 0;
    const row = {
      canal,
      enAttente: of('EN_ATTENTE'),
      envoye: of('ENVOYE'),
      delivre: of('DELIVRE'),
      echec: of('ECHEC'),
    };
    return { ...row, total: row.enAttente + row.envoye + row.delivre + row.echec };
  });
}
