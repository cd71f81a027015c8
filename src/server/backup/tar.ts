import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * A minimal streamed tar (POSIX ustar) writer and reader for the backups (docs/decisions/022-backup-and-restore.md):
 * regular files and directories only, names up to 255 bytes (`prefix` + `name`), sizes of any length (base-256
 * beyond 8 GiB, as GNU tar writes them). Nothing is held in memory but one block and one chunk.
 */

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK);

/** The data does not read as a tar archive (or is cut short). */
export class TarFormatError extends Error {}

function writeOctal(header: Buffer, value: number, offset: number, length: number) {
  header.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'ascii');
}

function writeSize(header: Buffer, size: number) {
  if (size < 8 ** 11) return writeOctal(header, size, 124, 12);
  // base-256: the first byte's high bit set, the number big-endian in the 12 bytes.
  let rest = BigInt(size);
  for (let i = 135; i > 124; i--) {
    header[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  header[124] = 0x80;
}

function splitName(name: string): { name: string; prefix: string } {
  if (Buffer.byteLength(name) <= 100) return { name, prefix: '' };
  for (let i = name.indexOf('/'); i > 0; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { name: rest, prefix };
  }
  throw new TarFormatError(`name too long for a tar entry: ${name}`);
}

export function tarHeader(name: string, size: number, mtime = new Date(), type: '0' | '5' = '0'): Buffer {
  const header = Buffer.alloc(BLOCK);
  const parts = splitName(name);
  header.write(parts.name, 0, 100, 'utf8');
  writeOctal(header, type === '5' ? 0o700 : 0o600, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeSize(header, size);
  writeOctal(header, Math.floor(mtime.getTime() / 1000), 136, 12);
  header.fill(0x20, 148, 156); // checksum computed with spaces
  header.write(type, 156, 1, 'ascii');
  header.write('ustar\0', 257, 6, 'ascii');
  header.write('00', 263, 2, 'ascii');
  header.write(parts.prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return header;
}

async function write(out: Writable, chunk: Buffer) {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Writes tar entries to a stream, each body streamed after its header. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  /** One file of `size` bytes read from `body` (chunks or a buffer); more or fewer bytes → error. */
  async add(name: string, size: number, body: AsyncIterable<Buffer> | Buffer, mtime?: Date): Promise<void> {
    await write(this.out, tarHeader(name, size, mtime));
    let written = 0;
    const chunks: Iterable<Buffer> | AsyncIterable<Buffer> = Buffer.isBuffer(body) ? [body] : body;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > size) throw new Error(`${name}: more bytes than announced`);
      await write(this.out, chunk);
    }
    if (written !== size) throw new Error(`${name}: ${written} bytes instead of ${size}`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await write(this.out, ZEROS.subarray(0, pad));
  }

  /** A directory (no body): kept even when empty. */
  async addDirectory(name: string, mtime?: Date): Promise<void> {
    await write(this.out, tarHeader(name.endsWith('/') ? name : `${name}/`, 0, mtime, '5'));
  }

  /** The two zero blocks that end an archive; the stream is then ended. */
  async finish(): Promise<void> {
    await write(this.out, Buffer.alloc(BLOCK * 2));
    this.out.end();
    await once(this.out, 'finish');
  }
}

/** Reads exactly the bytes asked for from a stream's chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  private readonly iterator: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    const next = await this.iterator.next();
    if (next.done) {
      this.done = true;
      return false;
    }
    this.buffered.push(next.value);
    this.length += next.value.length;
    return true;
  }

  /** Exactly `n` bytes, or fewer only at the end of the stream. */
  async read(n: number): Promise<Buffer> {
    while (this.length < n && (await this.fill()));
    const all = Buffer.concat(this.buffered);
    const out = all.subarray(0, Math.min(n, all.length));
    const rest = all.subarray(out.length);
    this.buffered = rest.length ? [rest] : [];
    this.length = rest.length;
    return out;
  }

  /** The next `n` bytes as chunks (no copy of the whole). */
  async *chunks(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (!this.length && !(await this.fill())) throw new TarFormatError('archive cut short');
      const head = this.buffered[0];
      if (head.length <= left) {
        this.buffered.shift();
        this.length -= head.length;
        left -= head.length;
        yield head;
      } else {
        this.buffered[0] = head.subarray(left);
        this.length -= left;
        const out = head.subarray(0, left);
        left = 0;
        yield out;
      }
    }
  }

  async skip(n: number): Promise<void> {
    for await (const chunk of this.chunks(n)) void chunk;
  }

  /** Stops reading the source (its stream is closed). */
  async close(): Promise<void> {
    await this.iterator.return?.();
  }
}

function readString(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readNumber(header: Buffer, offset: number, length: number): number {
  if (header[offset] & 0x80) {
    let value = 0n;
    for (let i = offset + 1; i < offset + length; i++) value = (value << 8n) | BigInt(header[i]);
    return Number(value);
  }
  const text = readString(header, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError('bad number in a tar header');
  return text ? parseInt(text, 8) : 0;
}

function checksumOk(header: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  try {
    return readNumber(header, 148, 8) === sum;
  } catch {
    return false;
  }
}

const NO_BODY: AsyncIterable<Buffer> = {
  [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve({ done: true, value: undefined }) }),
};

export interface TarEntry {
  /** Without the trailing `/` of a directory. */
  name: string;
  type: 'file' | 'directory';
  size: number;
  /** The body, as chunks: read it whole (or not at all: it is then skipped) before the next entry. */
  body: AsyncIterable<Buffer>;
}

/**
 * The regular files and directories of a tar stream, in order. A block that is not a valid ustar header (a file
 * that is not a tar) throws `TarFormatError`; other types (links…) are skipped.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source);
  try {
    for (;;) {
      const header = await reader.read(BLOCK);
      if (header.length < BLOCK) throw new TarFormatError('archive cut short');
      if (header.equals(ZEROS)) return;
      if (!checksumOk(header) || readString(header, 257, 5) !== 'ustar')
        throw new TarFormatError('not a tar header');
      const short = readString(header, 0, 100);
      const prefix = readString(header, 345, 155);
      const name = prefix ? `${prefix}/${short}` : short;
      const size = readNumber(header, 124, 12);
      const type = String.fromCharCode(header[156] || 0x30);
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (type === '5') {
        await reader.skip(size + pad);
        yield { name: name.replace(/\/+$/, ''), type: 'directory', size: 0, body: NO_BODY };
        continue;
      }
      if (type !== '0') {
        await reader.skip(size + pad);
        continue;
      }
      let read = 0;
      const body = {
        async *[Symbol.asyncIterator]() {
          for await (const chunk of reader.chunks(size - read)) {
            read += chunk.length;
            yield chunk;
          }
        },
      };
      yield { name, type: 'file', size, body };
      await reader.skip(size - read); // whatever the consumer left
      await reader.skip(pad);
    }
  } finally {
    await reader.close();
  }
}
