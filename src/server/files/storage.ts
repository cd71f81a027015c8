import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/client';

/**
 * Where documents live. The default keeps them in a directory (DATA_DIR/documents);
 * `DOCUMENTS_STORE=database` keeps them in the database (`DatabaseStorage`, database-storage.ts), so
 * that several instances share them with nothing but PostgreSQL; another implementation (object
 * storage) can replace either without touching the workflow. Keys are opaque and generated here (`prefix/uuid`), never taken
 * from a user's file name, which is stored separately in the database.
 */
export interface DocumentStorage {
  /** Stores the bytes and returns a new key. */
  put(bytes: Buffer, hint?: { prefix?: string }): Promise<string>;
  /**
   * Streams into a new key: written to a temporary file, bytes counted, refused (the temporary
   * file removed, `StoredTooLarge` thrown) as soon as more than `maxBytes` arrive, renamed into
   * place only once complete. Returns the key, the size and the first bytes (for type checks).
   */
  putStream(stream: Readable, opts: { prefix?: string; maxBytes: number }): Promise<StoredStream>;
  open(key: string): Promise<{ stream: Readable; size: number }>;
  /**
   * Stores the stored documents `keys`, end to end in that order, under a new key (the parts of a
   * resumable upload made one proof), with `putStream`'s rules: refused whole (`StoredTooLarge`)
   * beyond `maxBytes`, `ENOENT` when a key holds nothing. The documents themselves stay.
   */
  concat(keys: readonly string[], opts: { prefix?: string; maxBytes: number }): Promise<StoredStream>;
  /** Moves a stored document to another key (the deposit's `pending/` → `dossier/`). */
  move(from: string, to: string): Promise<void>;
  /** Every move of `moves` (each as `move` does it), at once; rejects when one failed (the others done). */
  moveMany(moves: readonly { from: string; to: string }[]): Promise<void>;
  /**
   * The database store only: `moveMany`'s moves made by the caller's transaction, so they are
   * undone with it (a deposit takes an upload's document as its proof, no byte copied: the rows
   * naming the new key and the move are committed together or not at all). → the keys moved; a
   * key holding no whole document, or a target already taken, is left out.
   */
  moveWithin?(tx: Db, moves: readonly { from: string; to: string }[]): Promise<Set<string>>;
  /** Whether the key holds a document. */
  exists(key: string): Promise<boolean>;
  /** The keys under a prefix with their last change (for the sweep of orphans). */
  list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]>;
  remove(key: string): Promise<void>;
  /** Removes every key of `keys` (each as `remove` does it), at once. */
  removeMany(keys: readonly string[]): Promise<void>;
}

export interface StoredStream {
  key: string;
  size: number;
  /** The first bytes (up to 16). */
  head: Buffer;
}

/** More bytes than allowed arrived: nothing was kept. */
export class StoredTooLarge extends Error {
  constructor() {
    super('document too large');
  }
}

const KEY = /^[a-z0-9-]{1,40}\/[0-9a-f-]{36}$/;

export const isKey = (key: string) => KEY.test(key);

/** Throws unless `key` is one this module generates (`prefix/uuid`). */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error('invalid storage key');
  return key;
}

/** A new key under a prefix (cleaned to `[a-z0-9-]`, 40 characters at most). */
export const newKey = (prefix: string | undefined) => `${cleanPrefix(prefix)}/${randomUUID()}`;

/** The error of a key that holds no document (the same `code` as a missing file's). */
export const notFound = (key: string) =>
  Object.assign(new Error(`no document under ${key}`), { code: 'ENOENT' });

export const cleanPrefix = (prefix: string | undefined) =>
  (prefix ?? 'docs')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .slice(0, 40) || 'docs';

export class DirectoryStorage implements DocumentStorage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  private async newTarget(prefix: string | undefined): Promise<{ key: string; target: string }> {
    const key = newKey(prefix);
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    return { key, target };
  }

  async put(bytes: Buffer, hint: { prefix?: string } = {}): Promise<string> {
    const { key, target } = await this.newTarget(hint.prefix);
    // Write then rename: a reader never sees a half-written file.
    const tmp = `${target}.tmp`;
    await writeFile(tmp, bytes, { mode: 0o600 });
    await rename(tmp, target);
    return key;
  }

  async putStream(stream: Readable, opts: { prefix?: string; maxBytes: number }): Promise<StoredStream> {
    const { key, target } = await this.newTarget(opts.prefix);
    const tmp = `${target}.tmp`;
    let size = 0;
    const heads: Buffer[] = [];
    let headLength = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > opts.maxBytes) return done(new StoredTooLarge());
        if (headLength < 16) {
          heads.push(chunk.subarray(0, 16 - headLength));
          headLength += Math.min(chunk.length, 16 - headLength);
        }
        done(null, chunk);
      },
    });
    try {
      await pipeline(stream, counter, createWriteStream(tmp, { mode: 0o600 }));
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return { key, size, head: Buffer.concat(heads) };
  }

  concat(keys: readonly string[], opts: { prefix?: string; maxBytes: number }): Promise<StoredStream> {
    return this.putStream(Readable.from(concatenated(this, keys)), opts);
  }

  async open(key: string) {
    const file = this.file(key);
    const { size } = await stat(file);
    return { stream: createReadStream(file), size };
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.file(to);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(this.file(from), target);
  }

  async moveMany(moves: readonly { from: string; to: string }[]): Promise<void> {
    const failed = (await Promise.allSettled(moves.map((m) => this.move(m.from, m.to)))).find(
      (f) => f.status === 'rejected',
    );
    if (failed) throw failed.reason;
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.file(key))).isFile();
    } catch {
      return false;
    }
  }

  async list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]> {
    const dir = path.join(this.root, cleanPrefix(prefix));
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return [];
    }
    const out: { key: string; modifiedAt: Date }[] = [];
    for (const name of names) {
      // `.tmp` files of an interrupted write count too: they are named after their key.
      const key = `${cleanPrefix(prefix)}/${name.replace(/\.tmp$/, '')}`;
      if (!KEY.test(key)) continue;
      try {
        out.push({ key, modifiedAt: (await stat(path.join(dir, name))).mtime });
      } catch {
        /* removed meanwhile */
      }
    }
    return out;
  }

  async remove(key: string): Promise<void> {
    const file = this.file(key);
    await rm(file, { force: true });
    await rm(`${file}.tmp`, { force: true });
  }

  async removeMany(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((k) => this.remove(k)));
  }
}

/** The bytes of `keys`, one document after the other, read as they are written (never held whole). */
async function* concatenated(storage: DocumentStorage, keys: readonly string[]): AsyncGenerator<Buffer> {
  for (const key of keys) {
    const { stream } = await storage.open(key);
    for await (const chunk of stream) yield chunk as Buffer;
  }
}
