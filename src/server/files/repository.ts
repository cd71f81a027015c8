import { and, eq, inArray, like, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { document, documentPartie } from '../db/schema';
import { isUniqueViolation, withTransaction } from '../db/transaction';

/**
 * The SQL of the database document store (`DatabaseStorage`,
 * docs/decisions/023-shared-limits-and-database-store.md): a `document` row per key, its bytes in
 * `document_partie` rows; the one writer of both tables. Every statement is built over the
 * schema's tables (docs/decisions/043-typed-queries.md). Times cross the driver as milliseconds
 * since the epoch (PGlite and node-postgres read timestamps differently).
 */

/** Bytes as a parameter of type `bytea`. */
const bytes = (octets: Buffer) => sql<Uint8Array>`${octets}::bytea`;

/** Starts a document under `cle` with its first part, in one statement. Returns its id. */
export async function insertDocumentWithPart(db: Db, cle: string, octets: Buffer): Promise<number> {
  const d = db
    .$with('d')
    .as(db.insert(document).values({ cle }).returning({ idDocument: document.idDocument }));
  const [row] = await db
    .with(d)
    .insert(documentPartie)
    .select(
      db
        .select({
          idDocument: d.idDocument,
          numero: sql<number>`0`.as('numero'),
          octets: bytes(octets).as('octets'),
        })
        .from(d),
    )
    .returning({ id: documentPartie.idDocument });
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
  const p = db.$with('p').as(
    db
      .insert(documentPartie)
      .values({ idDocument, numero, octets: bytes(octets) })
      .returning({ idDocument: documentPartie.idDocument }),
  );
  const [row] = await db
    .with(p)
    .update(document)
    .set({ taille, complet: true, modifieLe: sql`now()` })
    .where(eq(document.idDocument, db.select({ idDocument: p.idDocument }).from(p)))
    .returning({ id: document.idDocument });
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

export async function deleteDocumentById(db: Db, idDocument: number): Promise<void> {
  await db.delete(document).where(eq(document.idDocument, idDocument));
}

/**
 * A new complete document under `cle` made of the parts of the complete documents `keys`, in that
 * order (numbered from 0), in one transaction, so that it is never seen half-made: made only when
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
  return withTransaction(db, async (tx) => {
    const found = await tx
      .select({ cle: document.cle, idDocument: document.idDocument, taille: document.taille })
      .from(document)
      .where(and(inArray(document.cle, [...keys]), eq(document.complet, true)));
    const byKey = new Map(found.map((f) => [f.cle, f]));
    const size = found.reduce((sum, f) => sum + f.taille, 0);
    // Each key once: a key named twice adds its size again, and the document is not made.
    const named = keys.reduce((sum, k) => sum + (byKey.get(k)?.taille ?? 0), 0);
    const none = { count: found.length, size, id: null, copied: 0, head: Buffer.alloc(0) };
    if (found.length !== new Set(keys).size || size > maxBytes || named !== size) return none;
    const [made] = await tx
      .insert(document)
      .values({ cle, taille: size, complet: true })
      .returning({ id: document.idDocument });
    // The parts in the order of the keys, then of their numbers, numbered again from 0.
    const order = sql.join(
      [...byKey.values()].map((f) => sql`WHEN ${f.idDocument}::bigint THEN ${keys.indexOf(f.cle)}::int`),
      sql` `,
    );
    await tx.insert(documentPartie).select(
      tx
        .select({
          idDocument: sql<number>`${made.id}::bigint`.as('id_document'),
          numero:
            sql<number>`(row_number() OVER (ORDER BY CASE ${documentPartie.idDocument} ${order} END, ${documentPartie.numero}) - 1)::int`.as(
              'numero',
            ),
          octets: documentPartie.octets,
        })
        .from(documentPartie)
        .where(
          inArray(
            documentPartie.idDocument,
            [...byKey.values()].map((f) => f.idDocument),
          ),
        ),
    );
    const [copied] = await tx
      .select({ bytes: sql<number>`COALESCE(sum(length(${documentPartie.octets})), 0)::float8` })
      .from(documentPartie)
      .where(eq(documentPartie.idDocument, made.id));
    const first = await tx
      .select({ octets: sql<Uint8Array>`substring(${documentPartie.octets} FROM 1 FOR 16)` })
      .from(documentPartie)
      .where(eq(documentPartie.idDocument, made.id))
      .orderBy(documentPartie.numero)
      .limit(16);
    const head = Buffer.concat(first.map((p) => Buffer.from(p.octets))).subarray(0, 16);
    return { count: found.length, size, id: made.id, copied: copied.bytes, head };
  });
}
