import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { fill, messages } from '../../domain/messages';
import { openDatabase, rows } from '../db/client';
import { endSnapshot, exportSnapshot, tableCounts, type RunSql } from './repository';
import {
  appVersion,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  databaseLabel,
  DOCUMENT_KEY,
  DOCUMENTS_PREFIX,
  HEADER_NAME,
  hidePassword,
  MANIFEST_NAME,
  PG_DUMP_NAME,
  PGDATA_PREFIX,
  runTool,
  type BackupHeader,
  type BackupManifest,
  type DocumentsStore,
  type FileSum,
} from './format';
import { TarWriter } from './tar';

interface BackupOptions {
  /** PostgreSQL; unset: the embedded database of `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  documentsStore: DocumentsStore;
  /** The backup file to write (must not exist). */
  file: string;
  /** Progress lines for the operator. */
  say?: (line: string) => void;
}

interface BackupSummary {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/**
 * Every regular file under `root`, and every folder (even empty: PostgreSQL needs its empty ones),
 * as paths relative to it with `/` (sorted, for a stable file).
 */
async function walk(root: string): Promise<{ files: string[]; dirs: string[] }> {
  const out: string[] = [];
  const dirs: string[] = [];
  const visit = async (dir: string, rel: string) => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        dirs.push(r);
        await visit(path.join(dir, e.name), r);
      } else if (e.isFile()) out.push(r);
    }
  };
  await visit(root, '');
  return { files: out, dirs };
}

async function* hashing(source: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>) {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk;
  }
}

/**
 * Adds one file to the archive, read from an open descriptor: a document removed meanwhile is still
 * read whole (Linux keeps its bytes until closed). `null` when it is already gone.
 */
async function addFile(tar: TarWriter, name: string, file: string): Promise<FileSum | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const { size, mtime } = await handle.stat();
    const hash = createHash('sha256');
    await tar.add(name, size, hashing(handle.createReadStream({ autoClose: false }), hash), mtime);
    return { name, size, sha256: hash.digest('hex') };
  } finally {
    await handle.close();
  }
}

/** `npm run backup -- FILE` (docs/operations.md#sauvegarde-et-restauration--backup-and-restore). */
export async function backup(opts: BackupOptions): Promise<BackupSummary> {
  const say = opts.say ?? (() => undefined);
  const file = path.resolve(opts.file);
  if (existsSync(file)) throw new BackupError(fill(messages.sauvegardeFichierExiste, { fichier: file }));
  const kind = opts.databaseUrl ? 'pg' : 'pglite';
  const pgdata = path.resolve(opts.dataDir, 'pgdata');
  if (kind === 'pglite') {
    if (!existsSync(path.join(pgdata, 'PG_VERSION')))
      throw new BackupError(fill(messages.sauvegardeEmbarqueeAbsente, { dossier: pgdata }));
    assertClosed(pgdata);
  }

  const partial = `${file}.partiel`;
  const dumpFile = `${file}.pgdump.tmp`;
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    appVersion: appVersion(),
    database: kind,
    documentsStore: opts.documentsStore,
  };
  const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  const opened = new Promise<void>((resolve, reject) => {
    out.once('open', () => resolve());
    out.once('error', reject);
  });
  await opened;
  const tar = new TarWriter(out);
  try {
    const headerBytes = Buffer.from(JSON.stringify(header, null, 2));
    await tar.add(HEADER_NAME, headerBytes.length, headerBytes);

    say(
      fill(messages.sauvegardeBaseEnCours, {
        base: opts.databaseUrl ? hidePassword(opts.databaseUrl) : `${databaseLabel(kind)}, ${pgdata}`,
      }),
    );
    let tables: Record<string, number>;
    const databaseFiles: FileSum[] = [];
    const databaseDirectories: string[] = [];
    if (opts.databaseUrl) {
      // One snapshot for the counts and the dump: the server may keep running meanwhile.
      const client = new pg.Client({ connectionString: opts.databaseUrl });
      await client.connect();
      try {
        const run: RunSql = async <T extends Record<string, unknown>>(text: string) =>
          (await client.query<T>(text)).rows;
        const snapshot = await exportSnapshot(run);
        tables = await tableCounts(run);
        await runTool('pg_dump', [
          '--format=custom',
          `--snapshot=${snapshot}`,
          '--no-owner',
          '--no-privileges',
          `--file=${dumpFile}`,
          `--dbname=${opts.databaseUrl}`,
        ]);
        await endSnapshot(run);
      } finally {
        await client.end();
      }
      const sum = await addFile(tar, PG_DUMP_NAME, dumpFile);
      if (!sum) throw new Error('pg_dump wrote no file');
      databaseFiles.push(sum);
      await rm(dumpFile, { force: true });
    } else {
      // The embedded database belongs to one process: counted (which also replays what an
      // interrupted run left), closed cleanly, then its files copied as they are on disk.
      const database = await openDatabase({ dataDir: opts.dataDir, listen: false });
      try {
        tables = await tableCounts(<T extends Record<string, unknown>>(text: string) =>
          rows<T>(database.db, sql.raw(text)),
        );
      } finally {
        await database.close();
      }
      assertClosed(pgdata);
      const tree = await walk(pgdata);
      for (const rel of tree.dirs) await tar.addDirectory(`${PGDATA_PREFIX}${rel}`);
      databaseDirectories.push(...tree.dirs);
      for (const rel of tree.files) {
        const sum = await addFile(tar, `${PGDATA_PREFIX}${rel}`, path.join(pgdata, rel));
        if (sum) databaseFiles.push(sum);
      }
      assertClosed(pgdata);
    }

    const documents: FileSum[] = [];
    if (opts.documentsStore === 'directory') {
      const root = path.resolve(opts.dataDir, 'documents');
      say(fill(messages.sauvegardeDocumentsEnCours, { dossier: root }));
      for (const key of (await walk(root)).files) {
        // An interrupted write (`.tmp`) is not a document; anything else unknown is reported.
        if (key.endsWith('.tmp')) continue;
        if (!DOCUMENT_KEY.test(key)) {
          say(fill(messages.sauvegardeFichierIgnore, { fichier: path.join(root, key) }));
          continue;
        }
        const sum = await addFile(tar, `${DOCUMENTS_PREFIX}${key}`, path.join(root, key));
        if (sum) documents.push({ ...sum, name: key });
        else say(fill(messages.sauvegardeDocumentDisparu, { cle: key }));
      }
    } else {
      say(messages.sauvegardeDocumentsEnBase);
    }

    const manifest: BackupManifest = { ...header, tables, databaseFiles, databaseDirectories, documents };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await tar.add(MANIFEST_NAME, manifestBytes.length, manifestBytes);
    await tar.finish();
    await rename(partial, file);
    const bytes = (await stat(file)).size;
    return { file, bytes, manifest };
  } catch (err) {
    out.destroy();
    await rm(partial, { force: true });
    await rm(dumpFile, { force: true });
    throw err;
  }
}

/** PGlite keeps `postmaster.pid` while open and removes it when closed cleanly. */
function assertClosed(pgdata: string) {
  if (existsSync(path.join(pgdata, 'postmaster.pid')))
    throw new BackupError(fill(messages.sauvegardeEmbarqueeOuverte, { dossier: pgdata }));
}
