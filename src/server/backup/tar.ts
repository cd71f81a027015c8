import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import tar from 'tar-stream';

/**
 * The backups' streamed tar (docs/decisions/022-backup-and-restore.md), on `tar-stream` (decision
 * 045): regular files and directories, long names (ustar's prefix, else a PAX header), sizes of any
 * length (base-256 beyond 8 GiB, as GNU tar writes them). Nothing is held in memory but a chunk.
 */

/** The data does not read as a tar archive (or is cut short). */
export class TarFormatError extends Error {}

/** Writes tar entries to a stream, each body streamed after its header. */
export class TarWriter {
  private readonly pack = tar.pack();
  private failure: Error | null = null;

  constructor(private readonly out: Writable) {
    // A failed entry leaves the archive unfinished: the caller removes the file.
    this.pack.on('error', (err: Error) => (this.failure ??= err));
    this.pack.pipe(out);
  }

  /** One file of `size` bytes read from `body` (chunks or a buffer); more or fewer bytes → error. */
  async add(name: string, size: number, body: AsyncIterable<Buffer> | Buffer, mtime?: Date): Promise<void> {
    if (this.failure) throw this.failure;
    let end!: (err?: Error | null) => void;
    const ended = new Promise<void>((resolve, reject) => (end = (err) => (err ? reject(err) : resolve())));
    ended.catch(() => undefined); // awaited below unless the body is refused first
    const entry = this.pack.entry({ name, size, mode: 0o600, mtime: mtime ?? new Date(), type: 'file' }, end);
    // An entry left unfinished (a refused body) fails when its output closes: recorded, not thrown.
    entry.on('error', (err: Error) => (this.failure ??= err));
    let written = 0;
    const chunks: Iterable<Buffer> | AsyncIterable<Buffer> = Buffer.isBuffer(body) ? [body] : body;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > size) throw new Error(`${name}: more bytes than announced`);
      if (!entry.write(chunk)) await once(entry, 'drain');
    }
    if (written !== size) throw new Error(`${name}: ${written} bytes instead of ${size}`);
    entry.end(undefined);
    await ended;
  }

  /** A directory (no body): kept even when empty. */
  async addDirectory(name: string, mtime?: Date): Promise<void> {
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve, reject) =>
      this.pack.entry(
        {
          name: name.endsWith('/') ? name : `${name}/`,
          mode: 0o700,
          mtime: mtime ?? new Date(),
          type: 'directory',
        },
        (err) => (err ? reject(err) : resolve()),
      ),
    );
  }

  /** The two zero blocks that end an archive; the stream is then ended. */
  async finish(): Promise<void> {
    if (this.failure) throw this.failure;
    this.pack.finalize();
    await finished(this.out);
  }
}

const NO_BODY: AsyncIterable<Buffer> = {
  [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve({ done: true, value: undefined }) }),
};

/** An entry's body as Buffers (tar-stream's entries are streams of them). */
async function* chunksOf(entry: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  for await (const chunk of entry) yield chunk as Buffer;
}

export interface TarEntry {
  /** Without the trailing `/` of a directory. */
  name: string;
  type: 'file' | 'directory';
  size: number;
  /** The body, as chunks: read it whole (or not at all: it is then skipped) before the next entry. */
  body: AsyncIterable<Buffer>;
}

/**
 * The regular files and directories of a tar stream, in order. Data that does not read as a tar
 * (a bad header, an archive cut short) throws `TarFormatError`; other types (links…) are skipped.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const extract = tar.extract();
  const input = Readable.from(source, { objectMode: false });
  let sourceError: unknown = null;
  input.on('error', (err) => {
    sourceError = err;
    extract.destroy(err);
  });
  input.pipe(extract);
  try {
    for await (const entry of extract) {
      const { name, type, size } = entry.header;
      if (type === 'directory') {
        entry.resume();
        yield { name: name.replace(/\/+$/, ''), type: 'directory', size: 0, body: NO_BODY };
      } else if (type === 'file') {
        yield { name, type: 'file', size: size ?? 0, body: chunksOf(entry) };
      }
      entry.resume(); // whatever the consumer left, and the other types' bodies
    }
  } catch (err) {
    if (err === sourceError || err instanceof TarFormatError) throw err;
    throw new TarFormatError(err instanceof Error ? err.message : String(err));
  } finally {
    input.destroy();
    extract.destroy();
  }
}
