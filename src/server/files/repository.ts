import { and, eq, inArray, like, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { columnName as name } from '../db/bulk';
import { builtOnce, placeholderAs, type Db } from '../db/client';
import { document, documentPartie } from '../db/schema';
import { isUniqueViolation, withTransaction } from '../db/transaction';

/**
 * The SQL of the database document store (`DatabaseStorage`,
 * docs/decisions/023-shared-limits-and-database-store.md): a `document` row per key, its bytes in
 * `document_partie` rows; the one writer of both tables. Every statement is built over the
 * schema's tables (docs/decisions/043-typed-queries.md). Times cross the driver as milliseconds
 * since the epoch (PGlite and node-postgres read timestamps differently).
 */

type DocumentId = typeof document.$inferSelect.idDocument;
type Octets = typeof documentPartie.$inferSelect.octets;

/** Bytes as a parameter of type `bytea`. */
const bytes = (octets: Buffer) => sql<Uint8Array>`${octets}::bytea`;

/** Starts a document under `cle` with its first part, in one statement, built once per connection. */
const insertWithPartStatement = builtOnce((db) => {
  const d = db.$with('d').as(
    db
      .insert(document)
      .values({ cle: sql.placeholder('cle') })
      .returning({ idDocument: document.idDocument }),
  );
  return db
    .with(d)
    .insert(documentPartie)
    .select(
      db
        .select({
          idDocument: d.idDocument,
          numero: sql<number>`0`.as('numero'),
          octets: sql<Uint8Array>`${sql.placeholder('octets')}::bytea`.as('octets'),
        })
        .from(d),
    )
    .returning({ id: documentPartie.idDocument })
    .prepare('document_cree_avec_partie');
});

/** Starts a document under `cle` with its first part, in one statement. Returns its id. */
export async function insertDocumentWithPart(db: Db, cle: string, octets: Buffer): Promise<number> {
  const [row] = await insertWithPartStatement(db).execute({ cle, octets });
  return row.id;
}

/** A whole document of at most one part (none when empty), complete at once. Returns its id. */
export async function insertCompleteDocument(db: Db, cle: string, octets: Buffer | null): Promise<number> {
  if (octets === null) {
    const [row] = await db
      .insert(document)
      .values({ cle, taille: 0, complet: true })
      .returning({ id: document.idDocument });
    return row.id;
  }
  const d = db
    .$with('d')
    .as(
      db
        .insert(document)
        .values({ cle, taille: octets.length, complet: true })
        .returning({ idDocument: document.idDocument }),
    );
  const p = db.$with('p').as(
    db.insert(documentPartie).select(
      db
        .select({
          idDocument: d.idDocument,
          numero: sql<number>`0`.as('numero'),
          octets: bytes(octets).as('octets'),
        })
        .from(d),
    ),
  );
  const [row] = await db.with(d, p).select({ id: d.idDocument }).from(d);
  return row.id;
}

/** `completeDocumentWithPart`'s statement, built once per connection. */
const completeWithPartStatement = builtOnce((db) => {
  const p = db.$with('p').as(
    db
      .insert(documentPartie)
      .values({
        idDocument: sql.placeholder('idDocument'),
        numero: sql.placeholder('numero'),
        octets: sql<Uint8Array>`${sql.placeholder('octets')}::bytea`,
      })
      .returning({ idDocument: documentPartie.idDocument }),
  );
  return db
    .with(p)
    .update(document)
    .set({ taille: placeholderAs('taille', 'int'), complet: true, modifieLe: sql`now()` })
    .where(eq(document.idDocument, db.select({ idDocument: p.idDocument }).from(p)))
    .returning({ id: document.idDocument })
    .prepare('document_complete_avec_partie');
});

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
  const [row] = await completeWithPartStatement(db).execute({ idDocument, numero, octets, taille });
  return row !== undefined;
}

export async function insertDocumentPart(db: Db, idDocument: number, numero: number, octets: Buffer) {
  await db.insert(documentPartie).values({ idDocument, numero, octets: bytes(octets) });
}

/** The document is whole: it can now be opened, moved, found. */
export async function completeDocument(db: Db, idDocument: number, taille: number): Promise<boolean> {
  const [row] = await db
    .update(document)
    .set({ taille, complet: true, modifieLe: sql`now()` })
    .where(eq(document.idDocument, idDocument))
    .returning({ id: document.idDocument });
  return row !== undefined;
}

/** A complete document by its key, with its number of parts. */
export async function documentByKey(db: Db, cle: string) {
  const [row] = await db
    .select({
      idDocument: document.idDocument,
      taille: document.taille,
      parties: db.$count(documentPartie, eq(documentPartie.idDocument, document.idDocument)),
    })
    .from(document)
    .where(and(eq(document.cle, cle), eq(document.complet, true)));
  return row;
}

/** The bytes of one part (read one at a time: a document is never held whole). */
export async function documentPart(
  db: Db,
  idDocument: number,
  numero: number,
): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({ octets: documentPartie.octets })
    .from(documentPartie)
    .where(and(eq(documentPartie.idDocument, idDocument), eq(documentPartie.numero, numero)));
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
      const there = alias(document, 'la');
      const [moved] = await db
        .update(document)
        .set({ cle: to })
        .where(
          and(
            eq(document.cle, from),
            eq(document.complet, true),
            notExists(db.select({ id: there.idDocument }).from(there).where(eq(there.cle, to))),
          ),
        )
        .returning({ id: document.idDocument });
      if (moved) return true;
    } catch (err) {
      if (!isUniqueViolation(err, 'document_cle')) throw err;
    }
  }
  return withTransaction(db, async (tx) => {
    const [found] = await tx
      .select({ id: document.idDocument })
      .from(document)
      .where(and(eq(document.cle, from), eq(document.complet, true)))
      .for('update');
    if (!found) return false;
    if (from === to) return true;
    await tx.delete(document).where(eq(document.cle, to));
    await tx.update(document).set({ cle: to }).where(eq(document.idDocument, found.id));
    return true;
  });
}

/**
 * Gives each complete document `from` the key `to`, in one statement, when nothing is under `to`
 * (a deposit's proofs moved into place). Returns the keys moved from; the others are left to
 * `moveDocument` (a document already under `to`, or none under `from`).
 */
export async function moveDocuments(
  db: Db,
  moves: readonly { from: string; to: string }[],
): Promise<Set<string>> {
  if (moves.length === 0) return new Set();
  const moved = await moveDocumentsStatement(db).execute({
    de: moves.map((m) => m.from),
    vers: moves.map((m) => m.to),
  });
  return new Set(moved.map((m) => m.from));
}

/** `moveDocuments`' statement, the moves as two arrays of keys, built once per connection. */
const moveDocumentsStatement = builtOnce((db) => {
  const taken = alias(document, 'la');
  return db
    .update(document)
    .set({ cle: sql`m.vers` })
    .from(sql`unnest(${sql.placeholder('de')}::text[], ${sql.placeholder('vers')}::text[]) AS m(de, vers)`)
    .where(
      and(
        eq(document.cle, sql`m.de`),
        eq(document.complet, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(taken)
            .where(eq(taken.cle, sql`m.vers`)),
        ),
      ),
    )
    .returning({ from: sql<string>`m.de` })
    .prepare('documents_deplaces');
});

export async function documentExists(db: Db, cle: string): Promise<boolean> {
  const [row] = await db
    .select({ id: document.idDocument })
    .from(document)
    .where(and(eq(document.cle, cle), eq(document.complet, true)));
  return row !== undefined;
}

/** The keys starting with `prefix/`, complete or not (an interrupted write is listed for the sweeps). */
export async function listDocuments(db: Db, prefix: string): Promise<{ cle: string; modifieMs: number }[]> {
  return db
    .select({
      cle: document.cle,
      modifieMs: sql<number>`(extract(epoch FROM ${document.modifieLe}) * 1000)::float8`,
    })
    .from(document)
    .where(like(document.cle, `${prefix}/%`));
}

/** Removes the document under `cle` (complete or not) with its parts. */
export async function deleteDocument(db: Db, cle: string): Promise<void> {
  await db.delete(document).where(eq(document.cle, cle));
}

/** Removes the documents under `keys` (complete or not) with their parts, in one statement. */
export async function deleteDocuments(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.delete(document).where(inArray(document.cle, [...keys]));
}

export async function deleteDocumentById(db: Db, idDocument: number): Promise<void> {
  await db.delete(document).where(eq(document.idDocument, idDocument));
}

/**
 * A new complete document under `cle` made of the parts of the complete documents `keys`, in that
 * order (numbered from 0), in one statement, so that it is never seen half-made: made only when
 * every key holds a complete document, each named once, and their total is at most `maxBytes`.
 * Returns what was found (documents, total size) and, when made, its id, the bytes copied and the
 * first 16 of them. The bytes never leave the database, and the copy, its count and its first
 * bytes are one round trip (a deposit naming three uploads used to send seven statements each).
 */
export async function insertConcatenation(
  db: Db,
  cle: string,
  keys: readonly string[],
  maxBytes: number,
): Promise<{ count: number; size: number; id: number | null; copied: number; head: Buffer }> {
  const distinct = [...new Set(keys)];
  // A key named twice is found once: what was found is told, and nothing is made.
  const make = distinct.length === keys.length;
  const keyList = sql`ARRAY[${sql.join(
    distinct.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;
  const c = {
    id: name(document.idDocument),
    cle: name(document.cle),
    taille: name(document.taille),
    complet: name(document.complet),
    numero: name(documentPartie.numero),
    octets: name(documentPartie.octets),
  };
  // The statement's steps, each a CTE of the one statement (data-modifying CTEs stay at its top).
  const src = db.$with('src', {}).as(
    sql`SELECT ${document.idDocument} AS ${c.id}, ${document.taille} AS ${c.taille}, k.ord
        FROM ${document} JOIN unnest(${keyList}) WITH ORDINALITY AS k(cle, ord) ON ${document.cle} = k.cle
        WHERE ${document.complet}`,
  );
  const found = db
    .$with('found', {
      count: sql<number>`count`.as('count'),
      size: sql<number>`size`.as('size'),
    })
    .as(sql`SELECT count(*)::int AS count, COALESCE(sum(${c.taille}), 0)::float8 AS size FROM src`);
  const d = db.$with('d', {}).as(
    sql`INSERT INTO ${document} (${c.cle}, ${c.taille}, ${c.complet})
        SELECT ${cle}, found.size, true FROM found
        WHERE ${make} AND found.count = ${distinct.length}::int AND found.size <= ${maxBytes}::float8
        RETURNING ${c.id}`,
  );
  const p = db.$with('p', {}).as(
    sql`INSERT INTO ${documentPartie} (${c.id}, ${c.numero}, ${c.octets})
        SELECT d.${c.id}, (row_number() OVER (ORDER BY src.ord, dp.${c.numero}) - 1)::int, dp.${c.octets}
        FROM d CROSS JOIN src JOIN ${documentPartie} dp ON dp.${c.id} = src.${c.id}
        RETURNING ${c.numero}, length(${c.octets}) AS len, substring(${c.octets} FROM 1 FOR 16) AS head`,
  );
  const [row] = await db
    .with(src, found, d, p)
    .select({
      count: found.count,
      size: found.size,
      // The new document's id and first bytes, typed as their columns (null when none was made).
      id: sql<DocumentId | null>`(SELECT ${c.id} FROM d)::float8`,
      copied: sql<number>`(SELECT COALESCE(sum(len), 0) FROM p)::float8`,
      head: sql<Octets | null>`(SELECT string_agg(h.head, ''::bytea ORDER BY h.${c.numero})
             FROM (SELECT ${c.numero}, head FROM p ORDER BY ${c.numero} LIMIT 16) h)`,
    })
    .from(found);
  const head = row.head ? Buffer.from(row.head).subarray(0, 16) : Buffer.alloc(0);
  return {
    count: row.count,
    size: row.size,
    id: row.id === null ? null : Number(row.id),
    copied: row.id === null ? 0 : row.copied,
    head,
  };
}
