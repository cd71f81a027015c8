import type { SQL } from 'drizzle-orm';
import { ETATS_SESSION, type EtatSession } from '../../../domain/enums';
import { directionOf, scopeFor } from '../../access/access';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { fieldError } from '../../errors';
import { readableDossiers } from '../dossier/repository';
import type { VilleDepot } from '../../../domain/schemas/staff';
import { dossierListFilters, villeDepots } from './repository';
import { queryId } from '../../lists/pipeline';

/**
 * The deposit lists' own parameters (docs/api.md#lists; scope: docs/roles.md#scopes), beside
 * `page,size,q,sort,filtre.*`: `idDirection`, `etatSession`, `idSessionCenou`, `anneeDebut`. A regional manager
 * is held to its own direction (403 when it names another); central roles and the admin choose
 * (all directions when they name none); a student sees only its own dossiers and names no direction.
 */
export function dossierListConditions(actor: Actor | null, query: Record<string, unknown>): SQL[] {
  const scope = readableDossiers(actor);
  const requested = queryId(query, 'idDirection');
  const idDirection =
    scopeFor(actor, 'dossier.read') === 'own' && requested === undefined
      ? undefined
      : directionOf(actor, 'dossier.read', requested);
  let etatSession: EtatSession | undefined;
  const etat = query.etatSession;
  if (etat !== undefined && etat !== '') {
    if (typeof etat !== 'string' || !(ETATS_SESSION as readonly string[]).includes(etat))
      throw fieldError('etatSession', 'choixInvalide');
    etatSession = etat as EtatSession;
  }
  const idSessionCenou = queryId(query, 'idSessionCenou');
  const annee = query.anneeDebut;
  let anneeDebut: number | undefined;
  if (annee !== undefined && annee !== '') {
    anneeDebut = Number(annee);
    if (!Number.isInteger(anneeDebut) || anneeDebut < 1000 || anneeDebut > 9999)
      throw fieldError('anneeDebut', 'valeurInvalide');
  }
  return [scope, ...dossierListFilters({ idDirection, etatSession, idSessionCenou, anneeDebut })];
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
