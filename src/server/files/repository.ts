import { sql } from 'drizzle-orm';
import { one, rows, type Db } from '../db/client';
import { isUniqueViolation, withTransaction } from '../db/transaction';

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

/** Starts a document under `cle` with its first part, in one statement. Returns its id. */
export async function insertDocumentWithPart(db: Db, cle: string, octets: Buffer): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    sql`WITH d AS (INSERT INTO document (cle) VALUES (${cle}) RETURNING id_document)
        INSERT INTO document_partie (id_document, numero, octets)
        SELECT id_document, 0, ${octets}::bytea FROM d
        RETURNING id_document AS id`,
  );
  return row!.id;
}

/** A whole document of at most one part (none when empty), complete at once. Returns its id. */
export async function insertCompleteDocument(db: Db, cle: string, octets: Buffer | null): Promise<number> {
  const taille = octets?.length ?? 0;
  const row = await one<{ id: number }>(
    db,
    octets === null
      ? sql`INSERT INTO document (cle, taille, complet) VALUES (${cle}, 0, true) RETURNING id_document AS id`
      : sql`WITH d AS (INSERT INTO document (cle, taille, complet) VALUES (${cle}, ${taille}, true)
              RETURNING id_document),
            p AS (INSERT INTO document_partie (id_document, numero, octets)
              SELECT id_document, 0, ${octets}::bytea FROM d)
            SELECT id_document AS id FROM d`,
  );
  return row!.id;
}

/**
 * The last part of a document and the document made whole, in one statement. False when the
 * document is gone (its part then fails on the foreign key first, as `insertDocumentPart` does).
 */
export async function completeDocumentWithPart(
  db: Db,
  idDocument: number,
  numero: number,
  octets: Buffer,
  taille: number,
): Promise<boolean> {
  const row = await one<{ id: number }>(
    db,
    sql`WITH p AS (INSERT INTO document_partie (id_document, numero, octets)
          VALUES (${idDocument}, ${numero}, ${octets}::bytea) RETURNING id_document)
        UPDATE document SET taille = ${taille}, complet = true, modifie_le = now()
        WHERE id_document = (SELECT id_document FROM p) RETURNING id_document AS id`,
  );
  return row !== undefined;
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
  // Most moves (a deposit's proofs into place) have nothing under `to`: one statement. Otherwise,
  // or when another move took `to` meanwhile (unique key), the locked move below.
  if (from !== to) {
    try {
      const moved = await one<{ id: number }>(
        db,
        sql`UPDATE document SET cle = ${to} WHERE cle = ${from} AND complet
            AND NOT EXISTS (SELECT 1 FROM document WHERE cle = ${to}) RETURNING id_document AS id`,
      );
      if (moved) return true;
    } catch (err) {
      if (!isUniqueViolation(err, 'document_cle')) throw err;
    }
  }
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

/**
 * A new complete document under `cle` made of the parts of the complete documents `keys`, in that
 * order (numbered from 0), in one statement, so that it is never seen half-made: made only when
 * every key holds a complete document, each named once, and their total is at most `maxBytes`.
 * Returns what was found (documents, total size) and, when made, its id, the bytes copied and the
 * first 16 of them.
 */
export async function insertConcatenation(
  db: Db,
  cle: string,
  keys: readonly string[],
  maxBytes: number,
): Promise<{ count: number; size: number; id: number | null; copied: number; head: Buffer }> {
  const row = await one<{
    count: number;
    size: number;
    id: number | null;
    copied: number;
    head: Uint8Array | null;
  }>(
    db,
    sql`WITH k AS (SELECT cle, ord FROM unnest(${keyArray(keys)}::text[]) WITH ORDINALITY AS k(cle, ord)),
        src AS (SELECT d.id_document, d.taille, k.ord FROM k JOIN document d ON d.cle = k.cle AND d.complet),
        found AS (SELECT count(*)::int AS count, COALESCE(sum(taille), 0)::float8 AS size
          FROM document WHERE cle = ANY(${keyArray(keys)}::text[]) AND complet),
        doc AS (INSERT INTO document (cle, taille, complet)
          SELECT ${cle}, found.size, true FROM found
          WHERE found.count = ${new Set(keys).size} AND found.size <= ${maxBytes}
            AND found.size = (SELECT COALESCE(sum(taille), 0) FROM src)
          RETURNING id_document),
        copied AS (INSERT INTO document_partie (id_document, numero, octets)
          SELECT doc.id_document, (row_number() OVER (ORDER BY src.ord, p.numero) - 1)::int, p.octets
          FROM doc, src JOIN document_partie p ON p.id_document = src.id_document
          RETURNING numero, octets)
        SELECT found.count, found.size, (SELECT id_document FROM doc)::float8 AS id,
          (SELECT COALESCE(sum(length(octets)), 0) FROM copied)::float8 AS copied,
          (SELECT substring(string_agg(substring(octets FROM 1 FOR 16), ''::bytea ORDER BY numero) FROM 1 FOR 16)
            FROM copied) AS head
        FROM found`,
  );
  return {
    count: row!.count,
    size: row!.size,
    id: row!.id,
    copied: row!.copied,
    head: row!.head ? Buffer.from(row!.head) : Buffer.alloc(0),
  };
}
