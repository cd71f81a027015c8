import { Readable } from 'node:stream';
import type { Db } from '../db/client';
import {
  completeDocument,
  copyDocumentParts,
  deleteDocument,
  deleteDocumentById,
  documentByKey,
  documentExists,
  documentPart,
  documentsSize,
  insertDocument,
  insertDocumentPart,
  listDocuments,
  moveDocument,
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
 * directory's `.tmp` file), made complete by one last `UPDATE`; a refusal or an error deletes it.
 * A move is one `UPDATE` of the key.
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
    const id = await insertDocument(this.db, key);
    let size = 0;
    let numero = 0;
    let waiting: Buffer[] = [];
    let waitingLength = 0;
    const heads: Buffer[] = [];
    let headLength = 0;
    const write = async (part: Buffer) => {
      await insertDocumentPart(this.db, id, numero, part);
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
        while (waitingLength >= DOCUMENT_PART_BYTES) {
          const all = Buffer.concat(waiting, waitingLength);
          await write(all.subarray(0, DOCUMENT_PART_BYTES));
          const rest = all.subarray(DOCUMENT_PART_BYTES);
          waiting = rest.length ? [rest] : [];
          waitingLength = rest.length;
        }
      }
      if (waitingLength > 0) await write(Buffer.concat(waiting, waitingLength));
      // Removed meanwhile (the part inserts would have failed first, unless it was empty).
      if (!(await completeDocument(this.db, id, size))) throw notFound(key);
    } catch (err) {
      await deleteDocumentById(this.db, id).catch(() => undefined);
      throw err;
    }
    return { key, size, head: Buffer.concat(heads) };
  }

  /**
   * Inside the database: the parts' rows are copied by one `INSERT … SELECT`, so the bytes never
   * cross to the server (a deposit naming three uploads of 1 MB used to read them back and write
   * them again as parameters, a quarter of the server's time at the opening's rate).
   */
  async concat(keys: readonly string[], opts: { prefix?: string; maxBytes: number }): Promise<StoredStream> {
    keys.forEach(checkKey);
    const found = await documentsSize(this.db, keys);
    if (found.count !== new Set(keys).size) throw notFound(keys.join(', '));
    if (found.size > opts.maxBytes) throw new StoredTooLarge();
    const key = newKey(opts.prefix);
    const id = await insertDocument(this.db, key);
    try {
      const copied = await copyDocumentParts(this.db, id, keys);
      // A part removed between the two statements: the copy is short, the key said to be gone.
      if (copied.size !== found.size || !(await completeDocument(this.db, id, copied.size)))
        throw notFound(keys.join(', '));
      return { key, size: copied.size, head: copied.head };
    } catch (err) {
      await deleteDocumentById(this.db, id).catch(() => undefined);
      throw err;
    }
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
}
