import { sql, type SQL } from 'drizzle-orm';
import { scopeOf, type Permission, type Scope } from '../../domain/permissions';
import { HELPER_PERMISSIONS, helperMayCall } from '../../domain/procurations';
import { AppError } from '../errors';
import type { Actor } from './actor';

/**
 * The one access check of the server (docs/roles.md), deny by default. From the actor and a
 * permission of `src/domain/permissions.ts` it gives:
 * - the scope (`all`, `direction`, `own`), or 401/403 when there is no actor or the role does not
 *   hold the permission;
 * - the SQL condition that scopes a list to what the actor may see;
 * - the check of a single row: another direction's row → 403, another student's row → 404, a row
 *   of a cité the agent was not given → 403 (the agent's cités are read by the service first:
 *   `actor.cites`, `withCites` of modules/cite-life).
 * Whatever a check was not told to allow (a scope whose column is not given, a row that does not
 * say whose it is) is refused.
 * A helper's session (a procuration, docs/procurations.md) acts as its student, but holds only its
 * task's permissions, and calls only its task's routes (`assertHelperCall`): anything else → 403.
 */

/** Whose a row is: its direction, its owner (the student's account). */
interface RowOwner {
  idDirection?: number | null;
  idUser?: number | null;
  /** The cité the row is in (rooms, residents, inventories: the `cite` scope of an agent). */
  idCite?: number | null;
}

/** The SQL expressions that say whose a list row is (a direction id, an owner's account id). */
interface ScopeColumns {
  direction?: SQL;
  owner?: SQL;
  cite?: SQL;
}

/** The actor's scope for the permission: 401 without an actor, 403 when the role does not hold it. */
export function scopeFor(actor: Actor | null | undefined, permission: Permission): Scope {
  if (!actor) throw new AppError('NON_AUTHENTIFIE');
  if (actor.procuration && !HELPER_PERMISSIONS[actor.procuration.tache].includes(permission))
    throw new AppError('INTERDIT', 'procurationHorsTache');
  const scope = scopeOf(actor.role, permission);
  if (!scope) throw new AppError('INTERDIT');
  return scope;
}

/** The condition restricting a list to what the actor may see (`TRUE` for `all`); `FALSE` when unsure. */
export function scopeCondition(
  actor: Actor | null | undefined,
  permission: Permission,
  cols: ScopeColumns,
): SQL {
  const scope = scopeFor(actor, permission);
  if (scope === 'all') return sql`TRUE`;
  if (scope === 'direction') {
    if (!cols.direction || actor!.idDirection === null) return sql`FALSE`;
    return sql`${cols.direction} = ${actor!.idDirection}`;
  }
  if (scope === 'cite') {
    if (!cols.cite || !actor!.cites?.length) return sql`FALSE`;
    return sql`${cols.cite} IN (${sql.join(
      actor!.cites.map((c) => sql`${c}`),
      sql`, `,
    )})`;
  }
  if (!cols.owner) return sql`FALSE`;
  return sql`${cols.owner} = ${actor!.id}`;
}

/**
 * Checks one row: `direction` scope and another direction → 403 (docs/roles.md); `own` scope and
 * another owner → 404, as if the row did not exist.
 */
export function assertCanReach(actor: Actor | null | undefined, permission: Permission, row: RowOwner): void {
  const scope = scopeFor(actor, permission);
  if (scope === 'all') return;
  if (scope === 'direction') {
    if (row.idDirection == null || actor!.idDirection === null || row.idDirection !== actor!.idDirection)
      throw new AppError('INTERDIT', 'erreurInterditDirection');
    return;
  }
  if (scope === 'cite') {
    if (row.idCite == null || !actor!.cites?.includes(row.idCite))
      throw new AppError('INTERDIT', 'erreurInterditCite');
    return;
  }
  if (row.idUser == null || row.idUser !== actor!.id) throw new AppError('INTROUVABLE');
}

/**
 * The direction a list is asked for (`?idDirection=`): a direction-scoped actor may name only its
 * own (403 otherwise) and gets its own when it names none; others get what they asked (or none).
 */
export function directionOf(
  actor: Actor | null | undefined,
  permission: Permission,
  requested: number | undefined,
): number | undefined {
  const scope = scopeFor(actor, permission);
  if (scope === 'all') return requested;
  if (scope === 'direction') {
    if (actor!.idDirection === null) throw new AppError('INTERDIT', 'erreurInterditDirection');
    if (requested !== undefined && requested !== actor!.idDirection)
      throw new AppError('INTERDIT', 'erreurInterditDirection');
    return actor!.idDirection;
  }
  throw new AppError('INTERDIT');
}

/**
 * A helper's session calls only the routes of its task (`HELPER_ROUTES`): `path` is the route as
 * registered, below the API's base (`/campus/dossier/brouillon`). Any other actor passes.
 */
export function assertHelperCall(actor: Actor, method: string, path: string): void {
  if (actor.procuration && !helperMayCall(actor.procuration.tache, method, path))
    throw new AppError('INTERDIT', 'procurationHorsTache');
}

/** The helper's session of an actor, refused (403) when it is one: what only the student may do. */
export function assertNotHelper(actor: Actor | null | undefined): void {
  if (actor?.procuration) throw new AppError('INTERDIT', 'procurationHorsTache');
}
