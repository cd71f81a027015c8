import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ETATS_SESSION, STATUTS_SESSION } from '../../domain/enums';
import { sessionAllows, type SessionWrite } from '../../domain/workflow';
import type { Permission } from '../../domain/permissions';
import { assertCanReach } from '../access/access';
import type { Actor } from '../access/actor';
import type { Db } from '../db/client';
import { direction, sessionCenou } from '../db/schema';
import { AppError, notFound } from '../errors';

/**
 * The sessions' reads, built over the schema's `session_cenou` (docs/decisions/043-typed-queries.md):
 * renaming one of its columns or removing a phase or a status there fails the type check here.
 */
type SessionColumns = typeof sessionCenou.$inferSelect;

// The domain's phases and statuses and the schema's are one list: a value the schema no longer
// has fails here.
const _etatsInSchema: readonly SessionColumns['etatSession'][] = ETATS_SESSION;
const _statutsInSchema: readonly SessionColumns['statutSession'][] = STATUTS_SESSION;
void _etatsInSchema;
void _statutsInSchema;

/** The session a write works in: the direction's open one, or a given one. */
export type SessionTarget = { idDirection: number } | { idSessionCenou: number };

/** The statuses of a direction's one session that takes writes (OUVERT, or SUSPENDU and refused later). */
const ACTIVE: SessionColumns['statutSession'][] = ['OUVERT', 'SUSPENDU'];

const lockedColumns = {
  idSessionCenou: sessionCenou.idSessionCenou,
  idDirection: sessionCenou.idDirection,
  etatSession: sessionCenou.etatSession,
  statutSession: sessionCenou.statutSession,
  anneeDebut: sessionCenou.anneeDebut,
  dateOuverture: sessionCenou.dateOuverture,
  dateFermeture: sessionCenou.dateFermeture,
};

/** A session as a workflow write checks it (`lockOpenSession`). */
export type LockedSession = Pick<SessionColumns, keyof typeof lockedColumns>;

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
  const query = tx.select(lockedColumns).from(sessionCenou);
  const [session] =
    'idSessionCenou' in target
      ? await query
          .where(and(eq(sessionCenou.idSessionCenou, target.idSessionCenou), isNull(sessionCenou.deletedAt)))
          .for('share')
      : await query
          .where(
            and(
              eq(sessionCenou.idDirection, target.idDirection),
              isNull(sessionCenou.deletedAt),
              inArray(sessionCenou.statutSession, ACTIVE),
            ),
          )
          .orderBy(desc(sessionCenou.idSessionCenou))
          .limit(1)
          .for('share');
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
  // Raw, for a statement that embeds it (its columns under their API names, read as `os."…"` and
  // by `row_to_json`); every column is the schema's, so a rename fails the type check here too.
  const s = sessionCenou;
  const select = sql`SELECT ${sql.join(
    Object.entries(lockedColumns).map(([name, column]) => sql`${column} AS ${sql.identifier(name)}`),
    sql`, `,
  )} FROM ${s}`;
  const lock = opts.lock ? sql` FOR SHARE` : sql``;
  if ('idSessionCenou' in target)
    return sql`${select} WHERE ${s.idSessionCenou} = ${target.idSessionCenou} AND ${s.deletedAt} IS NULL${lock}`;
  return sql`${select} WHERE ${s.idDirection} = ${target.idDirection} AND ${s.deletedAt} IS NULL
          AND ${inArray(s.statutSession, ACTIVE)}
          ORDER BY ${s.idSessionCenou} DESC LIMIT 1${lock}`;
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

/**
 * The one look-up of a live session by id, with its direction's name (no lock: for reads and
 * checks before a transaction): titles, the offers' delay, the agency's rules
 * (docs/agency-rules.md).
 */
export async function sessionInfo(db: Db, idSessionCenou: number) {
  const [row] = await db
    .select({
      idSessionCenou: sessionCenou.idSessionCenou,
      idDirection: sessionCenou.idDirection,
      libelleDirection: direction.libelleDirection,
      etatSession: sessionCenou.etatSession,
      statutSession: sessionCenou.statutSession,
      anneeDebut: sessionCenou.anneeDebut,
      delaiReponseHeures: sessionCenou.delaiReponseHeures,
      placesReadmission: sessionCenou.placesReadmission,
      partFemmes: sessionCenou.partFemmes,
    })
    .from(sessionCenou)
    .innerJoin(direction, eq(direction.idDirection, sessionCenou.idDirection))
    .where(and(eq(sessionCenou.idSessionCenou, idSessionCenou), isNull(sessionCenou.deletedAt)));
  return row;
}

/** A session as the workflow's reads need it (`sessionInfo`). */
export type SessionInfo = NonNullable<Awaited<ReturnType<typeof sessionInfo>>>;

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
