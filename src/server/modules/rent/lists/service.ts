/** The rules of rent's staff lists (docs/rent.md#exports): the scope a reconciliation covers. */
import { assertCanReach, directionOf } from '../../../access/access';
import type { Actor } from '../../../access/actor';
import type { Db } from '../../../db/client';
import { notFound } from '../../../errors';
import { exportScopeNames } from './repository';

/**
 * The direction and cité a reconciliation covers (docs/rent.md#exports): a regional manager its own
 * direction (another one: 403), a central manager every direction or the one named; a cité named
 * must exist (404) and lie in a direction the actor reaches (403). With their names, for the files'
 * heading.
 */
export async function reconciliationScope(
  db: Db,
  actor: Actor | null,
  asked: { idDirection?: number; idCite?: number },
): Promise<{ idDirection?: number; idCite?: number; names: { direction?: string; cite?: string } }> {
  const idDirection = directionOf(actor, 'rent.manage', asked.idDirection);
  const { idCite } = asked;
  const names = await exportScopeNames(db, { idDirection, idCite });
  if (idDirection !== undefined && names.direction === undefined) throw notFound();
  if (idCite !== undefined) {
    if (names.cite === undefined) throw notFound();
    assertCanReach(actor, 'rent.manage', { idDirection: names.idDirectionCite ?? null });
  }
  return { idDirection, idCite, names };
}
