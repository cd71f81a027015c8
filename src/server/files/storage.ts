import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where documents live. The default keeps them in a directory (DATA_DIR/documents); another
 * implementation (object storage) can replace it without touching the workflow, so that several
 * instances share the documents. Keys are opaque and generated here, never taken from a user's
 * file name, which is stored separately in the database.
 */
export interface DocumentStorage {
  /** Stores the bytes and returns a new key. */
  put(bytes: Buffer, hint?: { prefix?: string }): Promise<string>;
  open(key: string): Promise<{ stream: Readable; size: number }>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z0-9-]{1,40}\/[0-9a-f-]{36}$/;

export class DirectoryStorage implements DocumentStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return path.join(this.root, ...key.split('/'));
  }

  async put(bytes: Buffer, hint: { prefix?: string } = {}): Promise<string> {
    const prefix =
      (hint.prefix ?? 'docs')
        .toLowerCase()
        .replace(/[^a-z0-9-]/g, '-')
        .slice(0, 40) || 'docs';
    const key = `${prefix}/${randomUUID()}`;
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename: a reader never sees a half-written file.
    const tmp = `${target}.tmp`;
    await writeFile(tmp, bytes, { mode: 0o600 });
    await rename(tmp, target);
    return key;
  }

  async open(key: string) {
    const file = this.file(key);
    const { size } = await stat(file);
    return { stream: createReadStream(file), size };
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}
