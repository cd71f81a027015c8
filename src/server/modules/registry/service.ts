import type { SQL } from 'drizzle-orm';
import { checkRegistryFile, type RegistryRow } from '../../../domain/registry';
import type { RegistryListRow } from '../../../domain/schemas/registry';
import { readCsvUpload } from '../../imports/csv-upload';
import { recordAudit } from '../../audit/record';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { followRegistry } from '../accounts/repository';
import { fieldError, fieldErrors, notFound } from '../../errors';
import { assertCanReach, directionOf } from '../../access/access';
import {
  getRegistryRow,
  liveVilles,
  lockImports,
  readableStudents,
  registryFilters,
  upsertRegistryBatch,
  vacuumRegistry,
  villeDirection,
} from './repository';
import { queryId } from '../../lists/pipeline';

const BATCH_SIZE = 1000;

/**
 * The list's own parameters (docs/api.md#lists; scope: docs/roles.md#scopes), beside `page,size,q,sort,filtre.*`:
 * `idDirection`, `idVille` and `compte=true|false`. A regional manager sees only the students of
 * its direction (the direction of the student's ville) and gets 403 when it names another
 * direction or another direction's ville.
 */
export async function registryConditions(
  db: Db,
  actor: Actor | null,
  query: Record<string, unknown>,
): Promise<SQL[]> {
  const scope = readableStudents(actor);
  const idDirection = directionOf(actor, 'registry.read', queryId(query, 'idDirection'));
  const idVille = queryId(query, 'idVille');
  if (idVille !== undefined) {
    const ville = await villeDirection(db, idVille);
    if (ville) assertCanReach(actor, 'registry.read', { idDirection: ville.idDirection });
  }
  let compte: boolean | undefined;
  if (query.compte !== undefined && query.compte !== '') {
    if (query.compte !== 'true' && query.compte !== 'false') throw fieldError('compte', 'choixInvalide');
    compte = query.compte === 'true';
  }
  return [scope, ...registryFilters({ idVille, idDirection, compte })];
}

/** One student of the registry; a regional manager reaching another direction's student gets 403. */
export async function getStudent(db: Db, actor: Actor | null, idEtudiant: number): Promise<RegistryListRow> {
  const row = await getRegistryRow(db, idEtudiant);
  if (!row) throw notFound();
  assertCanReach(actor, 'registry.read', { idDirection: row.idDirection });
  return row;
}

/**
 * docs/accounts.md import: a CSV (name `.csv`, text, `;` or `,`, UTF-8 with or without BOM), every row
 * checked first; one bad row rejects the whole file (400 with `{ligne, champ, message}` errors);
 * a good file is written in one transaction → `{importes, misAJour}`.
 */
export async function importRegistry(
  db: Db,
  actor: Actor | null,
  input: { nomFichier: string; fichier: string },
): Promise<{ importes: number; misAJour: number }> {
  const text = readCsvUpload(input);

  const { rows, errors } = checkRegistryFile(text, await liveVilles(db));
  if (errors.length) throw fieldErrors(errors, 'importRejete');

  const result = await withTransaction(db, async (tx) => {
    await lockImports(tx);
    const total = { importes: 0, misAJour: 0 };
    for (let i = 0; i < rows.length; i += BATCH_SIZE) {
      const batch: RegistryRow[] = rows.slice(i, i + BATCH_SIZE);
      const counts = await upsertRegistryBatch(tx, batch);
      // The students' accounts follow their registry rows (names, direction of the ville).
      await followRegistry(tx, counts.comptes);
      total.importes += counts.importes;
      total.misAJour += counts.misAJour;
    }
    await recordAudit(tx, actor, {
      action: 'IMPORTER',
      resource: 'registre-etudiant',
      // eslint-disable-next-line no-control-regex
      detail: { nomFichier: input.nomFichier.replace(/[\u0000-\u001f]/g, ''), ...total },
    });
    return total;
  });
  // A large import changes the table's statistics: refresh them so that searches keep good plans.
  // VACUUM too, at once rather than whenever autovacuum comes: it marks the new rows' pages
  // all-visible, without which the list's key query and count cannot be index-only scans of
  // registre_nom_live (the planner then sorts every row: 0.4 s for the last page of 100,000), and
  // it merges the trigram index's pending list that every search would otherwise read through.
  // Only the pages the import changed are visited. Not in a transaction (VACUUM cannot be).
  if (rows.length >= ANALYZE_FROM_ROWS) await vacuumRegistry(db);
  return result;
}

const ANALYZE_FROM_ROWS = 1000;
