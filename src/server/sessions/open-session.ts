import { sql } from 'drizzle-orm';
import type { EtatSession, StatutSession } from '../../domain/enums';
import { sessionAllows, type SessionWrite } from '../../domain/workflow';
import { one, type Db } from '../db/client';
import { AppError, notFound } from '../errors';

/** The session a write works in: the direction's open one, or a given one. */
export type SessionTarget = { idDirection: number } | { idSessionCenou: number };

export interface LockedSession {
  idSessionCenou: number;
  idDirection: number;
  etatSession: EtatSession;
  statutSession: StatutSession;
  anneeDebut: number;
  dateOuverture: string;
  dateFermeture: string | null;
}

const SELECT = sql`SELECT id_session_cenou AS "idSessionCenou", id_direction AS "idDirection",
    etat_session AS "etatSession", statut_session AS "statutSession", annee_debut AS "anneeDebut",
    date_ouverture AS "dateOuverture", date_fermeture AS "dateFermeture"
  FROM session_cenou`;

/**
 * Finds the session a write needs and locks it until the end of the transaction `tx`, then checks
 * with the domain rules (src/domain/workflow.ts `sessionAllows`) that its phase and status allow
 * `write`; otherwise throws `409 SESSION_FERMEE` with the write's catalogue message ('La session
 * de dépôt est fermée !', 'Session d'analyse close'…, or the suspension message).
 *
 * - `{ idDirection }`: the direction's OUVERT or SUSPENDU session (at most one, CONTRACT §5); none
 *   is refused like a closed session.
 * - `{ idSessionCenou }`: that session (a deleted or unknown one is 404).
 *
 * Lock mode: `FOR SHARE`. Every workflow write (thousands of students depositing on the same
 * session in the last days) takes it on the same row; share locks do not conflict with each other,
 * so writers never queue behind one another on the session row. A change of the session itself
 * (a phase move, a suspension, a closing: the generic update locks the row `FOR UPDATE`) waits
 * until the writers in flight have committed, and writers that come after it wait for it and then
 * see the new state: no deposit can be accepted by a session that has just left INSCRIPTION.
 * `FOR KEY SHARE` would be lighter but does not hold off an `UPDATE` that leaves the key alone
 * (it takes only `FOR NO KEY UPDATE`), so a phase change written by a plain UPDATE would slip
 * through; `FOR UPDATE` here would serialize every deposit of a direction.
 *
 * The lookup and the lock are one statement: in READ COMMITTED, a row changed while we waited is
 * read again and its WHERE re-checked, so a session that was just closed is not returned as open.
 */
export async function lockOpenSession(
  tx: Db,
  target: SessionTarget,
  write: SessionWrite,
): Promise<LockedSession> {
  let session: LockedSession | undefined;
  if ('idSessionCenou' in target) {
    session = await one<LockedSession>(
      tx,
      sql`${SELECT} WHERE id_session_cenou = ${target.idSessionCenou} AND deleted_at IS NULL FOR SHARE`,
    );
    if (!session) throw notFound();
  } else {
    session = await one<LockedSession>(
      tx,
      sql`${SELECT} WHERE id_direction = ${target.idDirection} AND deleted_at IS NULL
          AND statut_session IN ('OUVERT', 'SUSPENDU')
          ORDER BY id_session_cenou DESC LIMIT 1 FOR SHARE`,
    );
  }
  const verdict = sessionAllows(session, write);
  if (!verdict.ok) throw new AppError(verdict.code, verdict.message);
  return session!;
}
