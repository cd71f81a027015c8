import { sql, type SQL } from 'drizzle-orm';
import type { EtatSession, StatutSession } from '../../domain/enums';
import { sessionAllows, type SessionWrite } from '../../domain/workflow';
import type { Permission } from '../../domain/permissions';
import { assertCanReach } from '../access/access';
import type { Actor } from '../access/actor';
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
 * - `{ idDirection }`: the direction's OUVERT or SUSPENDU session (at most one, docs/sessions-and-dossiers.md); none
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
  const session = await one<LockedSession>(tx, sessionLookup(target, { lock: true }));
  if (!session && 'idSessionCenou' in target) throw notFound();
  return checkedSession(session, write);
}

/**
 * The statement of `lockOpenSession` (`lock`: `FOR SHARE`), for a statement that reads more in
 * the same round trip (as a `WITH`; the deposit, dossier/repository.ts). Without `lock`, a plain
 * read (a check before a transaction). The id may be a column of that statement.
 */
export function sessionLookup(
  target: { idDirection: number | SQL } | { idSessionCenou: number | SQL },
  opts: { lock: boolean },
): SQL {
  const lock = opts.lock ? sql` FOR SHARE` : sql``;
  if ('idSessionCenou' in target)
    return sql`${SELECT} WHERE id_session_cenou = ${target.idSessionCenou} AND deleted_at IS NULL${lock}`;
  return sql`${SELECT} WHERE id_direction = ${target.idDirection} AND deleted_at IS NULL
          AND statut_session IN ('OUVERT', 'SUSPENDU')
          ORDER BY id_session_cenou DESC LIMIT 1${lock}`;
}

/**
 * The session found by `sessionLookup` checked for `write` (`sessionAllows`): none, or a phase or
 * status that does not allow it → `409 SESSION_FERMEE` with the write's catalogue message.
 */
export function checkedSession(session: LockedSession | undefined, write: SessionWrite): LockedSession {
  const verdict = sessionAllows(session, write);
  if (!verdict.ok) throw new AppError(verdict.code, verdict.message);
  return session!;
}

/** A session as the workflow's reads need it (titles, offers' delay), with its direction's name. */
export interface SessionInfo {
  idSessionCenou: number;
  idDirection: number;
  libelleDirection: string;
  etatSession: string;
  statutSession: string;
  anneeDebut: number;
  delaiReponseHeures: number;
  /** The agency's rules (docs/agency-rules.md). */
  placesReadmission: number;
  partFemmes: number;
}

/** The one look-up of a live session by id (no lock: for reads and checks before a transaction). */
export async function sessionInfo(db: Db, idSessionCenou: number): Promise<SessionInfo | undefined> {
  return one<SessionInfo>(
    db,
    sql`SELECT s.id_session_cenou AS "idSessionCenou", s.id_direction AS "idDirection",
          d.libelle_direction AS "libelleDirection", s.etat_session AS "etatSession",
          s.statut_session AS "statutSession", s.annee_debut AS "anneeDebut",
          s.delai_reponse_heures AS "delaiReponseHeures", s.places_readmission AS "placesReadmission",
          s.part_femmes AS "partFemmes"
        FROM session_cenou s JOIN direction d ON d.id_direction = s.id_direction
        WHERE s.id_session_cenou = ${idSessionCenou} AND s.deleted_at IS NULL`,
  );
}

/**
 * The session of a call that names one (`idSessionCenou`): unknown or deleted → 404; the actor must
 * reach its direction with `permission` (the shared access check: 403 otherwise).
 */
export async function reachableSession(
  db: Db,
  actor: Actor | null,
  permission: Permission,
  idSessionCenou: number,
): Promise<SessionInfo> {
  const session = await sessionInfo(db, idSessionCenou);
  if (!session) throw notFound();
  assertCanReach(actor, permission, { idDirection: session.idDirection });
  return session;
}
