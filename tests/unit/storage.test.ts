import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rows, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { DatabaseStorage, DOCUMENT_PART_BYTES } from '../../src/server/files/database-storage';
import { DirectoryStorage, StoredTooLarge, type DocumentStorage } from '../../src/server/files/storage';

/**
 * Both document stores (DOCUMENTS_STORE, docs/decisions/023-shared-limits-and-database-store.md)
 * pass the same tests: the directory, and the database (PGlite; a fresh database on the
 * TEST_DATABASE_URL server when it is set).
 */

const root = mkdtempSync(path.join(tmpdir(), 'cenou-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let database: Database | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ listen: false });
  const name = `storage_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  dropDatabase = async () => {
    const again = new pg.Client({ connectionString: url });
    await again.connect();
    await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await again.end();
  };
  return openDatabase({ databaseUrl: target.toString(), listen: false, poolSize: 4 });
}

beforeAll(async () => {
  database = await openTestDatabase();
  await migrate(database.db);
});
afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
});

const stores: [string, () => DocumentStorage][] = [
  ['directory', () => new DirectoryStorage(root)],
  ['database', () => new DatabaseStorage(database!.db)],
];

/** A stream of `total` bytes in chunks of `chunk` (as a request body arrives). */
function chunked(bytes: Buffer, chunk: number): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk);
    })(),
  );
}

describe.each(stores)('%s storage', (name, make) => {
  let storage: DocumentStorage;
  beforeAll(() => {
    storage = make();
  });

  it('stores, reads back and removes a document under a generated key', async () => {
    const key = await storage.put(Buffer.from('%PDF-1.4 test'), { prefix: 'dossier-12' });
    expect(key).toMatch(/^dossier-12\/[0-9a-f-]{36}$/);
    const { stream, size } = await storage.open(key);
    expect(size).toBe(13);
    expect(await text(stream)).toBe('%PDF-1.4 test');
    await storage.remove(key);
    await expect(storage.open(key)).rejects.toThrow();
    expect(await storage.exists(key)).toBe(false);
  });

  it('refuses keys that could leave its directory', async () => {
    await expect(storage.open('../../etc/passwd')).rejects.toThrow('invalid storage key');
    await expect(storage.move('pending/x', '../../etc/passwd')).rejects.toThrow('invalid storage key');
    expect(await storage.exists('../../etc/passwd')).toBe(false);
  });

  it('streams a document in chunk by chunk and back whole: size, first bytes, the same bytes', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3_000_000 - 9)]);
    const stored = await storage.putStream(chunked(bytes, 65_536 + 7), {
      prefix: 'pending',
      maxBytes: 3_000_000,
    });
    expect(stored.size).toBe(3_000_000);
    expect(stored.head.toString('latin1')).toBe(bytes.subarray(0, 16).toString('latin1'));
    expect(await storage.exists(stored.key)).toBe(true);
    const { stream, size } = await storage.open(stored.key);
    expect(size).toBe(3_000_000);
    expect(Buffer.compare(await buffer(stream), bytes)).toBe(0);
    await storage.remove(stored.key);
  });

  it('an empty stream is an empty document', async () => {
    const stored = await storage.putStream(Readable.from([]), { prefix: 'televersement', maxBytes: 10 });
    expect(stored).toMatchObject({ size: 0, head: Buffer.alloc(0) });
    const { stream, size } = await storage.open(stored.key);
    expect(size).toBe(0);
    expect((await buffer(stream)).length).toBe(0);
    await storage.remove(stored.key);
  });

  it('refuses more than maxBytes as soon as they arrive, and keeps nothing of it', async () => {
    const before = await storage.list('refus');
    let read = 0;
    const endless = new Readable({
      read() {
        read += 100_000;
        this.push(Buffer.alloc(100_000, 1));
      },
    });
    await expect(storage.putStream(endless, { prefix: 'refus', maxBytes: 1_000_000 })).rejects.toBeInstanceOf(
      StoredTooLarge,
    );
    // Stopped at the limit (a few chunks of read-ahead at most), not at the end of the stream.
    expect(read).toBeLessThan(2_000_000);
    expect(await storage.list('refus')).toEqual(before);
  });

  it('a stream that fails keeps nothing', async () => {
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(300_000, 2);
        throw new Error('connection lost');
      })(),
    );
    await expect(storage.putStream(failing, { prefix: 'echec', maxBytes: 1_000_000 })).rejects.toThrow(
      'connection lost',
    );
    expect(await storage.list('echec')).toEqual([]);
  });

  it('moves a document to another key (pending → dossier), replacing what was there', async () => {
    const from = await storage.put(Buffer.from('%PDF-nouveau'), { prefix: 'pending' });
    const to = from.replace('pending/', 'dossier/');
    const old = await storage.put(Buffer.from('%PDF-ancien'), { prefix: 'dossier' });
    await storage.move(old, to);
    await storage.move(from, to);
    expect(await storage.exists(from)).toBe(false);
    expect(await text((await storage.open(to)).stream)).toBe('%PDF-nouveau');
    expect((await storage.list('pending')).map((f) => f.key)).not.toContain(from);
    expect((await storage.list('dossier')).map((f) => f.key)).toContain(to);
    await expect(storage.move(from, to)).rejects.toMatchObject({ code: 'ENOENT' });
    await storage.remove(to);
  });

  it('concatenates stored documents under a new key, in order, and keeps them', async () => {
    // Parts of a resumable upload: small ones, one of several database parts, one shorter than
    // the 16 first bytes the type check reads.
    const a = Buffer.from('%PDF');
    const b = randomBytes(DOCUMENT_PART_BYTES + 1000);
    const c = randomBytes(3000);
    const keys = [
      await storage.put(a, { prefix: 'televersement' }),
      await storage.put(b, { prefix: 'televersement' }),
      await storage.put(c, { prefix: 'televersement' }),
    ];
    const all = Buffer.concat([a, b, c]);
    const stored = await storage.concat(keys, { prefix: 'pending', maxBytes: all.length });
    expect(stored.size).toBe(all.length);
    expect(stored.head).toEqual(all.subarray(0, 16));
    expect((await buffer((await storage.open(stored.key)).stream)).equals(all)).toBe(true);
    for (const key of keys) expect(await storage.exists(key)).toBe(true);
    // Beyond maxBytes: refused, nothing kept; a missing key: ENOENT, nothing kept.
    const before = (await storage.list('pending')).length;
    await expect(
      storage.concat(keys, { prefix: 'pending', maxBytes: all.length - 1 }),
    ).rejects.toBeInstanceOf(StoredTooLarge);
    await storage.remove(keys[2]);
    await expect(storage.concat(keys, { prefix: 'pending', maxBytes: all.length })).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect((await storage.list('pending')).length).toBe(before);
    for (const key of [...keys, stored.key]) await storage.remove(key);
  });

  it('a missing key: open fails with ENOENT, exists is false, remove does nothing', async () => {
    const key = 'televersement/00000000-0000-4000-8000-000000000000';
    await expect(storage.open(key)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await storage.exists(key)).toBe(false);
    await storage.remove(key);
  });

  it('lists the keys under a prefix with the time they were written, and only those', async () => {
    const start = Date.now() - 2_000;
    const a = await storage.put(Buffer.from('a'), { prefix: 'liste' });
    const b = await storage.put(Buffer.from('b'), { prefix: 'liste' });
    const other = await storage.put(Buffer.from('c'), { prefix: 'liste-autre' });
    const listed = await storage.list('liste');
    expect(listed.map((f) => f.key).sort()).toEqual([a, b].sort());
    for (const f of listed) {
      expect(f.modifiedAt.getTime()).toBeGreaterThanOrEqual(start);
      expect(f.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2_000);
    }
    for (const k of [a, b, other]) await storage.remove(k);
    expect(await storage.list('liste')).toEqual([]);
  });

  it('a write in progress is listed (for the sweeps) but neither found nor opened', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = Readable.from(
      (async function* () {
        yield Buffer.alloc(DOCUMENT_PART_BYTES + 10, 3);
        await gate;
        yield Buffer.from('fin');
      })(),
    );
    const writing = storage.putStream(slow, { prefix: 'encours', maxBytes: 1_000_000 });
    await expect.poll(async () => (await storage.list('encours')).length).toBe(1);
    const [{ key }] = await storage.list('encours');
    expect(await storage.exists(key)).toBe(false);
    release();
    const stored = await writing;
    expect(stored.key).toBe(key);
    expect(stored.size).toBe(DOCUMENT_PART_BYTES + 13);
    expect(await storage.exists(key)).toBe(true);
    await storage.remove(key);
  });

  if (name === 'database') {
    it('keeps the bytes in parts of 256 KB at most, in order', async () => {
      const bytes = randomBytes(3 * DOCUMENT_PART_BYTES + 1234);
      const stored = await storage.putStream(chunked(bytes, 100_000), {
        prefix: 'parties',
        maxBytes: 3_000_000,
      });
      const parts = await rows<{ numero: number; n: number }>(
        database!.db,
        sql`SELECT p.numero, octet_length(p.octets)::int AS n FROM document d
            JOIN document_partie p ON p.id_document = d.id_document WHERE d.cle = ${stored.key} ORDER BY p.numero`,
      );
      expect(parts).toEqual([
        { numero: 0, n: DOCUMENT_PART_BYTES },
        { numero: 1, n: DOCUMENT_PART_BYTES },
        { numero: 2, n: DOCUMENT_PART_BYTES },
        { numero: 3, n: 1234 },
      ]);
      await storage.remove(stored.key);
      const left = await rows<{ n: number }>(
        database!.db,
        sql`SELECT count(*)::int AS n FROM document_partie p
            WHERE NOT EXISTS (SELECT 1 FROM document d WHERE d.id_document = p.id_document)`,
      );
      expect(left[0].n).toBe(0);
    });

    it('a document of any size ends in whole parts, written as they fill (part boundaries)', async () => {
      for (const size of [0, 1, DOCUMENT_PART_BYTES, DOCUMENT_PART_BYTES + 1, 2 * DOCUMENT_PART_BYTES]) {
        const bytes = randomBytes(size);
        const stored = await storage.putStream(chunked(bytes, 70_000), {
          prefix: 'bornes',
          maxBytes: 3_000_000,
        });
        expect(stored.size).toBe(size);
        const parts = await rows<{ n: number }>(
          database!.db,
          sql`SELECT octet_length(p.octets)::int AS n FROM document d
              JOIN document_partie p ON p.id_document = d.id_document WHERE d.cle = ${stored.key} ORDER BY p.numero`,
        );
        const expected = Array.from({ length: Math.ceil(size / DOCUMENT_PART_BYTES) }, (_, i) =>
          Math.min(DOCUMENT_PART_BYTES, size - i * DOCUMENT_PART_BYTES),
        );
        expect(parts.map((p) => p.n)).toEqual(expected);
        expect((await buffer((await storage.open(stored.key)).stream)).equals(bytes)).toBe(true);
        await storage.remove(stored.key);
      }
    });

    it('a concatenation naming a document twice is refused and keeps nothing', async () => {
      const key = await storage.put(randomBytes(5000), { prefix: 'televersement' });
      const before = (await storage.list('pending')).length;
      await expect(
        storage.concat([key, key], { prefix: 'pending', maxBytes: 100_000 }),
      ).rejects.toMatchObject({
        code: 'ENOENT',
      });
      expect((await storage.list('pending')).length).toBe(before);
      await storage.remove(key);
    });

    it('a reader that opened a document goes on reading while it is moved', async () => {
      const bytes = randomBytes(2 * DOCUMENT_PART_BYTES + 5);
      const key = await storage.put(bytes, { prefix: 'pending' });
      const { stream } = await storage.open(key);
      await storage.move(key, key.replace('pending/', 'dossier/'));
      expect(Buffer.compare(await buffer(stream), bytes)).toBe(0);
      await storage.remove(key.replace('pending/', 'dossier/'));
    });
  }
});
