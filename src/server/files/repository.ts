import { sql } from 'drizzle-orm';
import { one, rows, type Db } from '../db/client';
import { withTransaction } from '../db/transaction';

/**
 * The SQL of the database document store (`DatabaseStorage`,
 * docs/decisions/023-shared-limits-and-database-store.md): a `document` row per key, its bytes in
 * `document_partie` rows. Times cross the driver as milliseconds since the epoch (PGlite and
 * node-postgres read timestamps differently).
 */

export interface DocumentRow {
  idDocument: number;
  taille: number;
  parties: number;
}

/** Starts a document under `cle` (not complete: listed, never opened). Returns its id. */
export async function insertDocument(db: Db, cle: string): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO document (cle) VALUES (${cle}) RETURNING id_document AS id`,
  );
  return row!.id;
}

export async function insertDocumentPart(db: Db, idDocument: number, numero: number, octets: Buffer) {
  await db.execute(
    sql`INSERT INTO document_partie (id_document, numero, octets)
        VALUES (${idDocument}, ${numero}, ${octets}::bytea)`,
  );
}

/** The document is whole: it can now be opened, moved, found. */
export async function completeDocument(db: Db, idDocument: number, taille: number): Promise<boolean> {
  const row = await one<{ id: number }>(
    db,
    sql`UPDATE document SET taille = ${taille}, complet = true, modifie_le = now()
        WHERE id_document = ${idDocument} RETURNING id_document AS id`,
  );
  return row !== undefined;
}

/** A complete document by its key, with its number of parts. */
export async function documentByKey(db: Db, cle: string): Promise<DocumentRow | undefined> {
  return one<DocumentRow>(
    db,
    sql`SELECT d.id_document AS "idDocument", d.taille,
          (SELECT count(*)::int FROM document_partie p WHERE p.id_document = d.id_document) AS parties
        FROM document d WHERE d.cle = ${cle} AND d.complet`,
  );
}

/** The bytes of one part (read one at a time: a document is never held whole). */
export async function documentPart(
  db: Db,
  idDocument: number,
  numero: number,
): Promise<Uint8Array | undefined> {
  const row = await one<{ octets: Uint8Array }>(
    db,
    sql`SELECT octets FROM document_partie WHERE id_document = ${idDocument} AND numero = ${numero}`,
  );
  return row?.octets;
}

/**
 * Gives a complete document another key, replacing a document already there (as a rename does).
 * False when `from` holds no complete document. The parts follow by the document's id: a reader
 * that opened it before goes on reading.
 */
export async function moveDocument(db: Db, from: string, to: string): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const found = await one<{ id: number }>(
      tx,
      sql`SELECT id_document AS id FROM document WHERE cle = ${from} AND complet FOR UPDATE`,
    );
    if (!found) return false;
    if (from === to) return true;
    await tx.execute(sql`DELETE FROM document WHERE cle = ${to}`);
    await tx.execute(sql`UPDATE document SET cle = ${to} WHERE id_document = ${found.id}`);
    return true;
  });
}

export async function documentExists(db: Db, cle: string): Promise<boolean> {
  const row = await one<{ n: number }>(db, sql`SELECT 1 AS n FROM document WHERE cle = ${cle} AND complet`);
  return row !== undefined;
}

/** The keys starting with `prefix/`, complete or not (an interrupted write is listed for the sweeps). */
export async function listDocuments(db: Db, prefix: string): Promise<{ cle: string; modifieMs: number }[]> {
  return rows<{ cle: string; modifieMs: number }>(
    db,
    sql`SELECT cle, (extract(epoch FROM modifie_le) * 1000)::float8 AS "modifieMs"
        FROM document WHERE cle LIKE ${`${prefix}/%`}`,
  );
}

/** Removes the document under `cle` (complete or not) with its parts. */
export async function deleteDocument(db: Db, cle: string): Promise<void> {
  await db.execute(sql`DELETE FROM document WHERE cle = ${cle}`);
}

export async function deleteDocumentById(db: Db, idDocument: number): Promise<void> {
  await db.execute(sql`DELETE FROM document WHERE id_document = ${idDocument}`);
}

/** A text[] literal of keys (keys are `prefix/uuid`: no comma, quote nor brace to escape). */
const keyArray = (keys: readonly string[]) => `{${keys.join(',')}}`;

/** How many of `keys` hold a complete document, and their total size. */
export async function documentsSize(
  db: Db,
  keys: readonly string[],
): Promise<{ count: number; size: number }> {
  const row = await one<{ count: number; size: number }>(
    db,
    sql`SELECT count(*)::int AS count, COALESCE(sum(taille), 0)::float8 AS size
        FROM document WHERE cle = ANY(${keyArray(keys)}::text[]) AND complet`,
  );
  return row!;
}

/**
 * Copies the parts of the complete documents `keys`, in that order, as the parts of document
 * `idDocument` (numbered from 0). Returns the bytes copied and the first 16 of them.
 */
export async function copyDocumentParts(
  db: Db,
  idDocument: number,
  keys: readonly string[],
): Promise<{ size: number; head: Buffer }> {
  const row = await one<{ size: number; head: Uint8Array | null }>(
    db,
    sql`WITH copied AS (
          INSERT INTO document_partie (id_document, numero, octets)
          SELECT ${idDocument}, (row_number() OVER (ORDER BY k.ord, p.numero) - 1)::int, p.octets
          FROM unnest(${keyArray(keys)}::text[]) WITH ORDINALITY AS k(cle, ord)
          JOIN document d ON d.cle = k.cle AND d.complet
          JOIN document_partie p ON p.id_document = d.id_document
          RETURNING numero, octets)
        SELECT COALESCE(sum(length(octets)), 0)::float8 AS size,
          substring(string_agg(substring(octets FROM 1 FOR 16), ''::bytea ORDER BY numero) FROM 1 FOR 16) AS head
        FROM copied`,
  );
  const head = row?.head ? Buffer.from(row.head) : Buffer.alloc(0);
  return { size: row?.size ?? 0, head };
}
