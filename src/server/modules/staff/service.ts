import { sql, type SQL } from 'drizzle-orm';
import { ETATS_SESSION } from '../../../domain/enums';
import { directionOf, scopeCondition, scopeFor } from '../../access/access';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { fieldError } from '../../errors';
import type { VilleDepot } from '../../../domain/schemas/staff';
import { villeDepots } from './repository';
import { queryId } from '../../lists/pipeline';

/**
 * The deposit lists' own parameters (CONTRACT §2 lists, §3 scope), beside
 * `page,size,q,sort,filtre.*`: `idDirection`, `etatSession`, `idSessionCenou`. A regional manager
 * is held to its own direction (403 when it names another); central roles and the admin choose
 * (all directions when they name none); a student sees only its own dossiers and names no direction.
 */
export function dossierListConditions(actor: Actor | null, query: Record<string, unknown>): SQL[] {
  const conditions: SQL[] = [
    scopeCondition(actor, 'dossier.read', { direction: sql`d.id_direction`, owner: sql`d.id_user` }),
  ];
  const requested = queryId(query, 'idDirection');
  const idDirection =
    scopeFor(actor, 'dossier.read') === 'own' && requested === undefined
      ? undefined
      : directionOf(actor, 'dossier.read', requested);
  if (idDirection !== undefined) conditions.push(sql`d.id_direction = ${idDirection}`);
  const etat = query.etatSession;
  if (etat !== undefined && etat !== '') {
    if (typeof etat !== 'string' || !(ETATS_SESSION as readonly string[]).includes(etat))
      throw fieldError('etatSession', 'choixInvalide');
    conditions.push(sql`s.etat_session = ${etat}`);
  }
  const idSessionCenou = queryId(query, 'idSessionCenou');
  if (idSessionCenou !== undefined) conditions.push(sql`d.id_session_cenou = ${idSessionCenou}`);
  return conditions;
}

/** The staff dashboard (`GET campus/dash-board?idDirection=`): one entry per ville in scope. */
export async function dashboard(
  db: Db,
  actor: Actor | null,
  requested: number | undefined,
): Promise<{ villeDepotDtos: VilleDepot[] }> {
  const idDirection = directionOf(actor, 'dashboard', requested);
  return { villeDepotDtos: await villeDepots(db, idDirection) };
}
