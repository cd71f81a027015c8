import { Readable } from 'node:stream';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/transaction';
import {
  completeDocument,
  completeDocumentWithPart,
  deleteDocument,
  deleteDocumentById,
  deleteDocuments,
  documentByKey,
  documentExists,
  documentPart,
  insertCompleteDocument,
  insertConcatenation,
  insertDocumentPart,
  insertDocumentWithPart,
  listDocuments,
  moveDocument,
  moveDocuments,
} from './repository';
import {
  checkKey,
  cleanPrefix,
  isKey,
  newKey,
  notFound,
  StoredTooLarge,
  type DocumentStorage,
  type StoredStream,
} from './storage';

/** The largest part of a document's bytes (one `document_partie` row). */
export const DOCUMENT_PART_BYTES = 256 * 1024;

const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Documents kept in the database (`DOCUMENTS_STORE=database`, PostgreSQL or PGlite alike;
 * docs/decisions/023-shared-limits-and-database-store.md): a `document` row per key and its bytes in
 * parts of 256 KB at most, written as they arrive and read back one at a time, so that a request
 * holds at most one part (never a whole file). Each statement runs on its own: a document being
 * written is a row not yet `complet` (never opened nor moved, listed for the sweeps like a
 * directory's `.tmp` file), made with its first part and made complete with its last (a document
 * of one part is written complete at once); a refusal or an error deletes it. A move is one
 * `UPDATE` of the key (a transaction when a document is already under the new key).
 */
export class DatabaseStorage implements DocumentStorage {
  constructor(private readonly db: Db) {}

  async put(bytes: Buffer, hint: { prefix?: string } = {}): Promise<string> {
    const stored = await this.putStream(Readable.from([bytes]), {
      prefix: hint.prefix,
      maxBytes: Number.MAX_SAFE_INTEGER,
    });
    return stored.key;
  }

  async putStream(stream: Readable, opts: { prefix?: string; maxBytes: number }): Promise<StoredStream> {
    const key = newKey(opts.prefix);
    // The document's row comes with its first part and is made whole with its last one (one
    // statement each): a proof of one part is one statement, of two parts two.
    let id: number | undefined;
    let size = 0;
    let numero = 0;
    let waiting: Buffer[] = [];
    let waitingLength = 0;
    const heads: Buffer[] = [];
    let headLength = 0;
    const write = async (part: Buffer) => {
      if (id === undefined) id = await insertDocumentWithPart(this.db, key, part);
      else await insertDocumentPart(this.db, id, numero, part);
      numero += 1;
    };
    try {
      for await (const chunk of stream) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : asBuffer(chunk as Uint8Array);
        size += bytes.length;
        if (size > opts.maxBytes) throw new StoredTooLarge();
        if (headLength < 16) {
          heads.push(bytes.subarray(0, 16 - headLength));
          headLength += Math.min(bytes.length, 16 - headLength);
        }
        waiting.push(bytes);
        waitingLength += bytes.length;
        // A full part is written once more bytes follow it: the last part goes with the completion.
        while (waitingLength > DOCUMENT_PART_BYTES) {
          const all = Buffer.concat(waiting, waitingLength);
          await write(all.subarray(0, DOCUMENT_PART_BYTES));
          const rest = all.subarray(DOCUMENT_PART_BYTES);
          waiting = [rest];
          waitingLength = rest.length;
        }
      }
      const last = waitingLength > 0 ? Buffer.concat(waiting, waitingLength) : null;
      if (id === undefined) id = await insertCompleteDocument(this.db, key, last);
      // Removed meanwhile (the part inserts would have failed first, unless it was empty).
      else if (
        !(last
          ? await completeDocumentWithPart(this.db, id, numero, last, size)
          : await completeDocument(this.db, id, size))
      )
        throw notFound(key);
    } catch (err) {
      if (id !== undefined) await deleteDocumentById(this.db, id).catch(() => undefined);
      throw err;
    }
    return { key, size, head: Buffer.concat(heads) };
  }

  /**
   * Inside the database, in one statement: the parts' rows are copied under the new document's id,
   * so the bytes never cross to the server (a deposit naming three uploads of 1 MB used to read
   * them back and write them again as parameters, a quarter of the server's time at the opening's
   * rate), and the new document is never seen half-made.
   */
  async concat(keys: readonly string[], opts: { prefix?: string; maxBytes: number }): Promise<StoredStream> {
    keys.forEach(checkKey);
    const key = newKey(opts.prefix);
    const made = await insertConcatenation(this.db, key, keys, opts.maxBytes);
    if (made.count !== new Set(keys).size) throw notFound(keys.join(', '));
    if (made.size > opts.maxBytes) throw new StoredTooLarge();
    // A key named twice, or parts short of a document's size (never, documents being whole).
    if (made.id === null || made.copied !== made.size) {
      if (made.id !== null) await deleteDocumentById(this.db, made.id).catch(() => undefined);
      throw notFound(keys.join(', '));
    }
    return { key, size: made.copied, head: made.head };
  }

  async open(key: string): Promise<{ stream: Readable; size: number }> {
    const doc = await documentByKey(this.db, checkKey(key));
    if (!doc) throw notFound(key);
    const db = this.db;
    async function* parts() {
      for (let numero = 0; numero < doc!.parties; numero += 1) {
        const bytes = await documentPart(db, doc!.idDocument, numero);
        if (!bytes) throw notFound(key);
        yield asBuffer(bytes);
      }
    }
    return { stream: Readable.from(parts(), { objectMode: false }), size: doc.taille };
  }

  async move(from: string, to: string): Promise<void> {
    if (!(await moveDocument(this.db, checkKey(from), checkKey(to)))) throw notFound(from);
  }

  /**
   * The moves in one statement; one whose target is taken (or that a unique key refuses, another
   * move having taken it meanwhile) goes the way of `move`.
   */
  async moveMany(moves: readonly { from: string; to: string }[]): Promise<void> {
    moves.forEach((m) => (checkKey(m.from), checkKey(m.to)));
    let moved = new Set<string>();
    try {
      moved = await moveDocuments(this.db, moves);
    } catch (err) {
      if (!isUniqueViolation(err, 'document_cle')) throw err;
    }
    const failures = await Promise.allSettled(
      moves.filter((m) => !moved.has(m.from)).map((m) => this.move(m.from, m.to)),
    );
    const failed = failures.find((f) => f.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** `moveMany`'s statement, run by the caller's transaction. */
  async moveWithin(tx: Db, moves: readonly { from: string; to: string }[]): Promise<Set<string>> {
    moves.forEach((m) => (checkKey(m.from), checkKey(m.to)));
    return moveDocuments(tx, moves);
  }

  async exists(key: string): Promise<boolean> {
    return isKey(key) && documentExists(this.db, key);
  }

  async list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]> {
    const found = await listDocuments(this.db, cleanPrefix(prefix));
    return found.map((d) => ({ key: d.cle, modifiedAt: new Date(d.modifieMs) }));
  }

  async remove(key: string): Promise<void> {
    await deleteDocument(this.db, checkKey(key));
  }

  async removeMany(keys: readonly string[]): Promise<void> {
    await deleteDocuments(this.db, keys.map(checkKey));
  }
}
