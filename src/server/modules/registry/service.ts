import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { checkRegistryFile, decodeCsvBytes, type RegistryRow } from '../../../domain/registry';
import { recordAudit } from '../../audit/record';
import type { Db } from '../../db/client';
import { AppError, fieldError, fieldErrors, forbidden, notFound } from '../../errors';
import { containsSql, parseListQuery, type ListQuery } from '../../crud/list-query';
import {
  getRegistryRow,
  liveVilles,
  listRegistry,
  lockImports,
  REGISTRY_COLUMNS_SQL,
  searchWordsCondition,
  upsertRegistryBatch,
  villeDirection,
  type RegistryListRow,
} from './repository';

export const DEFAULT_SORT = 'nomEtudiant,asc;prenomEtudiant,asc';
const BATCH_SIZE = 1000;

function idParam(query: Record<string, unknown>, name: string): number | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) throw fieldError(name, 'valeurInvalide');
  return Number(value);
}

/**
 * The list's query (CONTRACT §2 lists, §3 scope): `page,size,q,sort,filtre.*`, plus `idDirection`,
 * `idVille` and `compte=true|false`. A regional manager sees only the students of its direction
 * (the direction of the student's ville) and gets 403 when it names another direction or ville.
 */
export async function registryListQuery(
  db: Db,
  request: FastifyRequest,
): Promise<{ lq: ListQuery; conditions: SQL[] }> {
  const query = request.query as Record<string, unknown>;
  const lq = parseListQuery(query, REGISTRY_COLUMNS_SQL, DEFAULT_SORT);
  // `q` is matched word by word on the folded search column (INE and names), in any order.
  const conditions: SQL[] = [...searchWordsCondition(lq.q)];
  for (const [column, text] of Object.entries(lq.filtres)) {
    conditions.push(containsSql(REGISTRY_COLUMNS_SQL[column as keyof RegistryListRow], text));
  }

  const idDirection = idParam(query, 'idDirection');
  const idVille = idParam(query, 'idVille');
  if (request.scope === 'direction') {
    const own = request.auth?.idDirection ?? null;
    if (idDirection !== undefined && idDirection !== own) throw forbidden('erreurInterditDirection');
    if (idVille !== undefined) {
      const ville = await villeDirection(db, idVille);
      if (ville && ville.idDirection !== own) throw forbidden('erreurInterditDirection');
    }
    conditions.push(own === null ? sql`false` : sql`v.id_direction = ${own}`);
  }
  if (idDirection !== undefined) conditions.push(sql`v.id_direction = ${idDirection}`);
  if (idVille !== undefined) conditions.push(sql`r.id_ville = ${idVille}`);
  if (query.compte !== undefined && query.compte !== '') {
    if (query.compte !== 'true' && query.compte !== 'false') throw fieldError('compte', 'choixInvalide');
    conditions.push(query.compte === 'true' ? sql`u.id IS NOT NULL` : sql`u.id IS NULL`);
  }
  return { lq: { ...lq, filtres: {} }, conditions };
}

export function listStudents(db: Db, lq: ListQuery, conditions: SQL[]) {
  return listRegistry(db, lq, conditions);
}

/** One student of the registry; a regional manager reaching another direction's student gets 403. */
export async function getStudent(
  db: Db,
  request: FastifyRequest,
  idEtudiant: number,
): Promise<RegistryListRow> {
  const row = await getRegistryRow(db, idEtudiant);
  if (!row) throw notFound();
  if (request.scope === 'direction' && row.idDirection !== request.auth?.idDirection) {
    throw forbidden('erreurInterditDirection');
  }
  return row;
}

/** `data:text/csv;base64,` prefixes (FileReader.readAsDataURL) are accepted; any other non-base64 text is not. */
export function decodeBase64(value: string): Buffer | null {
  const body = value.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 === 1) return null;
  return Buffer.from(body, 'base64');
}

/**
 * CONTRACT §4 import: a CSV (name `.csv`, text, `;` or `,`, UTF-8 with or without BOM), every row
 * checked first; one bad row rejects the whole file (400 with `{ligne, champ, message}` errors);
 * a good file is written in one transaction → `{importes, misAJour}`.
 */
export async function importRegistry(
  db: Db,
  request: FastifyRequest,
  input: { nomFichier: string; fichier: string },
): Promise<{ importes: number; misAJour: number }> {
  if (!/\.csv$/i.test(input.nomFichier.trim())) throw new AppError('TYPE_FICHIER', 'fichierCsvAttendu');
  const bytes = decodeBase64(input.fichier);
  if (!bytes) throw fieldError('fichier', 'fichierBase64Invalide');
  if (bytes.length === 0) throw fieldError('fichier', 'csvVide');
  const text = decodeCsvBytes(bytes);
  if (text === null) throw new AppError('TYPE_FICHIER', 'fichierNonCsv');

  const { rows, errors } = checkRegistryFile(text, await liveVilles(db));
  if (errors.length) throw fieldErrors(errors, 'importRejete');

  const result = await db.transaction(async (tx) => {
    await lockImports(tx);
    const total = { importes: 0, misAJour: 0 };
    for (let i = 0; i < rows.length; i += BATCH_SIZE) {
      const batch: RegistryRow[] = rows.slice(i, i + BATCH_SIZE);
      const counts = await upsertRegistryBatch(tx, batch);
      total.importes += counts.importes;
      total.misAJour += counts.misAJour;
    }
    await recordAudit(tx, request, {
      action: 'IMPORTER',
      resource: 'registre-etudiant',
      // eslint-disable-next-line no-control-regex
      detail: { nomFichier: input.nomFichier.replace(/[\u0000-\u001f]/g, ''), ...total },
    });
    return total;
  });
  // A large import changes the table's statistics: refresh them so that searches keep good plans.
  if (rows.length >= ANALYZE_FROM_ROWS) await db.execute(sql`ANALYZE registre_etudiant`);
  return result;
}

const ANALYZE_FROM_ROWS = 1000;
