import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { DirectoryStorage } from '../../src/server/files/storage';

const root = mkdtempSync(path.join(tmpdir(), 'cenou-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('directory storage', () => {
  const storage = new DirectoryStorage(root);

  it('stores, reads back and removes a document under a generated key', async () => {
    const key = await storage.put(Buffer.from('%PDF-1.4 test'), { prefix: 'dossier-12' });
    expect(key).toMatch(/^dossier-12\/[0-9a-f-]{36}$/);
    const { stream, size } = await storage.open(key);
    expect(size).toBe(13);
    expect(await text(stream)).toBe('%PDF-1.4 test');
    await storage.remove(key);
    await expect(storage.open(key)).rejects.toThrow();
  });

  it('refuses keys that could leave its directory', async () => {
    await expect(storage.open('../../etc/passwd')).rejects.toThrow('invalid storage key');
  });
});
