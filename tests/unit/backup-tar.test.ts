import { once } from 'node:events';
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readTar, TarFormatError, TarWriter } from '../../src/server/backup/tar';

/**
 * The backups' streamed tar (src/server/backup/tar.ts on tar-stream, docs/decisions/022-backup-and-restore.md,
 * docs/decisions/045-kept-libraries.md).
 */
const dir = mkdtempSync(path.join(tmpdir(), 'cenou-tar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const long = `base/pgdata/${'a'.repeat(90)}/${'b'.repeat(60)}`;

async function collect(file: string) {
  const out: { name: string; type: string; text: string }[] = [];
  for await (const e of readTar(Readable.from([readFileSync(file)]))) {
    const parts: Buffer[] = [];
    for await (const c of e.body) parts.push(c);
    out.push({ name: e.name, type: e.type, text: Buffer.concat(parts).toString() });
  }
  return out;
}

describe('the backups’ tar', () => {
  it('writes files, folders and long names that GNU tar and the reader read back', async () => {
    const file = path.join(dir, 'a.tar');
    const tar = new TarWriter(createWriteStream(file));
    await tar.add('un.json', 2, Buffer.from('{}'));
    await tar.addDirectory('base/pgdata/pg_tblspc');
    await tar.add(long, 1000, Readable.from([Buffer.alloc(600, 'x'), Buffer.alloc(400, 'y')]));
    await tar.add('vide', 0, Buffer.alloc(0));
    await tar.finish();
    const listed = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(['un.json', 'base/pgdata/pg_tblspc/', long, 'vide']);
    const read = await collect(file);
    expect(read.map((e) => [e.name, e.type])).toEqual([
      ['un.json', 'file'],
      ['base/pgdata/pg_tblspc', 'directory'],
      [long, 'file'],
      ['vide', 'file'],
    ]);
    expect(read[2].text).toBe('x'.repeat(600) + 'y'.repeat(400));
  });

  it('a body the reader leaves unread is skipped', async () => {
    const file = path.join(dir, 'b.tar');
    const tar = new TarWriter(createWriteStream(file));
    await tar.add('a', 700, Buffer.alloc(700, 'a'));
    await tar.add('b', 3, Buffer.from('bbb'));
    await tar.finish();
    const names: string[] = [];
    for await (const e of readTar(Readable.from([readFileSync(file)]))) names.push(e.name);
    expect(names).toEqual(['a', 'b']);
  });

  it('refuses a body of another size than announced, and data that is not a tar', async () => {
    // The file is closed before the test ends: left open, its stream could still be opening the
    // file when afterAll removes the folder (an uncaught ENOENT, seen on a loaded machine).
    const out = createWriteStream(path.join(dir, 'c.tar'));
    const tar = new TarWriter(out);
    await expect(tar.add('a', 5, Buffer.from('abc'))).rejects.toThrow(/3 bytes instead of 5/);
    out.end();
    await once(out, 'close');
    const junk = readTar(Readable.from([Buffer.alloc(1024, 'z')]));
    await expect(junk.next()).rejects.toBeInstanceOf(TarFormatError);
    const cut = readTar(Readable.from([Buffer.alloc(100)]));
    await expect(cut.next()).rejects.toBeInstanceOf(TarFormatError);
  });

  it('sizes beyond 8 GiB in base-256, as GNU tar writes them', async () => {
    // The header leaves as soon as the entry starts; its body never comes (the entry then fails).
    const chunks: Buffer[] = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    const added = new TarWriter(out).add('gros', 9 * 1024 ** 3, Readable.from([]));
    await expect(added).rejects.toThrow(/0 bytes instead of/);
    await vi.waitUntil(() => Buffer.concat(chunks).length >= 512);
    const header = Buffer.concat(chunks).subarray(0, 512);
    expect(header.subarray(0, 5).toString()).toBe('gros\0');
    expect(header[124]).toBe(0x80);
    expect(header.readBigUInt64BE(128)).toBe(BigInt(9 * 1024 ** 3));
  });
});
