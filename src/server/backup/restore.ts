import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { fill, messages } from '../../domain/messages';
import { openDatabase, rows, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { tableCounts, userRelations, type RunSql } from './repository';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  databaseLabel,
  DOCUMENT_KEY,
  DOCUMENTS_PREFIX,
  HEADER_NAME,
  MANIFEST_NAME,
  PG_DUMP_NAME,
  PGDATA_PREFIX,
  runTool,
  SAFE_RELATIVE,
  storeLabel,
  type BackupHeader,
  type BackupManifest,
  type DocumentsStore,
  type FileSum,
} from './format';
import { readTar, TarFormatError, type TarEntry } from './tar';

interface RestoreOptions {
  /** PostgreSQL (an empty database); unset: the embedded database of `dataDir` (absent or empty). */
  databaseUrl?: string;
  dataDir: string;
  documentsStore: DocumentsStore;
  file: string;
  say?: (line: string) => void;
}

interface RestoreSummary {
  manifest: BackupManifest;
  /** Migrations applied after the restore (the backup came from an older version). */
  migrations: string[];
}

/** The longest JSON entry read into memory (the manifest lists every document: ~150 bytes each). */
const JSON_MAX_BYTES = 512 * 1024 * 1024;

async function readJson(entry: TarEntry): Promise<unknown> {
  if (entry.size > JSON_MAX_BYTES) throw new TarFormatError('entry too large');
  const parts: Buffer[] = [];
  for await (const chunk of entry.body) parts.push(chunk);
  return JSON.parse(Buffer.concat(parts).toString('utf8'));
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

async function withClient<T>(url: string, fn: (run: RunSql) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(
      async <R extends Record<string, unknown>>(text: string) => (await client.query<R>(text)).rows,
    );
  } finally {
    await client.end();
  }
}

/** Writes an entry's body to a new file, returning its size and SHA-256. */
async function extract(entry: TarEntry, target: string): Promise<FileSum> {
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of entry.body) {
      hash.update(chunk);
      size += chunk.length;
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
  } catch (err) {
    out.destroy();
    throw err;
  }
  return { name: entry.name, size, sha256: hash.digest('hex') };
}

function damaged(detail: string): BackupError {
  return new BackupError(fill(messages.restaurationAbimee, { detail }));
}

/** Same names, sizes and checksums on both sides; the first difference, named. */
function compareSums(expected: FileSum[], found: Map<string, FileSum>, what: string) {
  if (expected.length !== found.size) throw damaged(`${what} : ${found.size} / ${expected.length}`);
  for (const e of expected) {
    const f = found.get(e.name);
    if (!f || f.size !== e.size || f.sha256 !== e.sha256) throw damaged(`${what} : ${e.name}`);
  }
}

/**
 * `npm run restore -- FILE` (docs/operations.md#sauvegarde-et-restauration--backup-and-restore):
 * refuses, before writing anything, a file that is not a backup, a newer format, another kind of
 * database or documents store, a target that is not empty; otherwise extracts everything into a
 * staging folder of DATA_DIR, checks every file against the manifest, restores the database,
 * checks every table's row count, puts the documents in place and applies the migrations.
 */
export async function restore(opts: RestoreOptions): Promise<RestoreSummary> {
  const say = opts.say ?? (() => undefined);
  const file = path.resolve(opts.file);
  const notBackup = () => new BackupError(fill(messages.restaurationPasUneSauvegarde, { fichier: file }));
  if (!existsSync(file)) throw notBackup();
  const kind = opts.databaseUrl ? 'pg' : 'pglite';
  const dataDir = path.resolve(opts.dataDir);
  const pgdata = path.join(dataDir, 'pgdata');
  const documentsDir = path.join(dataDir, 'documents');

  const entries = readTar(createReadStream(file));
  let staging: string | undefined;
  let installedPgdata = false;
  let installedDocuments = false;
  let databaseTouched = false;
  try {
    // 1. What the file is, before anything is written.
    let header: BackupHeader;
    try {
      const first = await entries.next();
      if (first.done || first.value.name !== HEADER_NAME) throw notBackup();
      header = (await readJson(first.value)) as BackupHeader;
    } catch (err) {
      if (err instanceof TarFormatError || err instanceof SyntaxError) throw notBackup();
      throw err;
    }
    if (header?.format !== BACKUP_FORMAT || !Number.isInteger(header.version)) throw notBackup();
    if (header.version > BACKUP_VERSION)
      throw new BackupError(
        fill(messages.restaurationFormatRecent, { version: header.version, connu: BACKUP_VERSION }),
      );
    if (header.database !== kind)
      throw new BackupError(
        fill(messages.restaurationTypeBase, {
          source: databaseLabel(header.database),
          cible: databaseLabel(kind),
        }),
      );
    if (header.documentsStore !== opts.documentsStore)
      throw new BackupError(
        fill(messages.restaurationTypeDocuments, {
          source: storeLabel(header.documentsStore),
          cible: storeLabel(opts.documentsStore),
        }),
      );

    // 2. The target is empty.
    if (opts.databaseUrl) {
      const relations = await withClient(opts.databaseUrl, userRelations);
      if (relations > 0) throw new BackupError(fill(messages.restaurationBaseNonVide, { tables: relations }));
    } else if (!(await isEmptyDir(pgdata))) {
      throw new BackupError(fill(messages.restaurationEmbarqueeNonVide, { dossier: pgdata }));
    }
    if (opts.documentsStore === 'directory' && !(await isEmptyDir(documentsDir)))
      throw new BackupError(fill(messages.restaurationDocumentsNonVide, { dossier: documentsDir }));

    say(
      fill(messages.restaurationEnCours, {
        date: new Date(header.createdAt).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' }),
        version: header.appVersion,
        base: databaseLabel(header.database),
        documents: storeLabel(header.documentsStore),
      }),
    );

    // 3. Everything into a staging folder, each file's checksum computed on the way.
    staging = path.join(dataDir, `.restauration-${randomBytes(6).toString('hex')}`);
    await mkdir(staging, { recursive: true, mode: 0o700 });
    const databaseFiles = new Map<string, FileSum>();
    const documents = new Map<string, FileSum>();
    const directories = new Set<string>();
    let manifest: BackupManifest | undefined;
    try {
      for await (const entry of { [Symbol.asyncIterator]: () => entries }) {
        if (manifest) throw damaged(entry.name);
        if (entry.type === 'directory') {
          const rel = entry.name.slice(PGDATA_PREFIX.length);
          if (kind !== 'pglite' || !entry.name.startsWith(PGDATA_PREFIX) || !SAFE_RELATIVE.test(rel))
            throw damaged(entry.name);
          await mkdir(path.join(staging, 'pgdata', ...rel.split('/')), { recursive: true, mode: 0o700 });
          directories.add(rel);
        } else if (entry.name === MANIFEST_NAME) {
          manifest = (await readJson(entry)) as BackupManifest;
        } else if (entry.name === PG_DUMP_NAME && kind === 'pg') {
          databaseFiles.set(entry.name, await extract(entry, path.join(staging, 'cenou.pgdump')));
        } else if (entry.name.startsWith(PGDATA_PREFIX) && kind === 'pglite') {
          const rel = entry.name.slice(PGDATA_PREFIX.length);
          if (!SAFE_RELATIVE.test(rel)) throw damaged(entry.name);
          databaseFiles.set(
            entry.name,
            await extract(entry, path.join(staging, 'pgdata', ...rel.split('/'))),
          );
        } else if (entry.name.startsWith(DOCUMENTS_PREFIX) && opts.documentsStore === 'directory') {
          const key = entry.name.slice(DOCUMENTS_PREFIX.length);
          if (!DOCUMENT_KEY.test(key)) throw damaged(entry.name);
          const sum = await extract(entry, path.join(staging, 'documents', ...key.split('/')));
          documents.set(key, { ...sum, name: key });
        } else {
          throw damaged(entry.name);
        }
      }
    } catch (err) {
      if (err instanceof TarFormatError) throw damaged(err.message);
      throw err;
    }
    if (!manifest || manifest.format !== BACKUP_FORMAT) throw damaged(MANIFEST_NAME);
    compareSums(manifest.databaseFiles, databaseFiles, 'base');
    compareSums(manifest.documents, documents, 'documents');
    const expectedDirs = manifest.databaseDirectories ?? [];
    if (expectedDirs.length !== directories.size || expectedDirs.some((d) => !directories.has(d)))
      throw damaged('base');

    // 4. The database, then its counts against the manifest.
    if (opts.databaseUrl) {
      // One transaction: a failed pg_restore leaves the database as empty as it was.
      await runTool('pg_restore', [
        '--exit-on-error',
        '--single-transaction',
        '--no-owner',
        '--no-privileges',
        `--dbname=${opts.databaseUrl}`,
        path.join(staging, 'cenou.pgdump'),
      ]);
      databaseTouched = true;
    } else {
      if (existsSync(pgdata)) await rmdir(pgdata); // empty (checked above)
      await rename(path.join(staging, 'pgdata'), pgdata);
      installedPgdata = true;
    }
    let database: Database | undefined;
    let migrations: string[];
    try {
      database = await openDatabase({
        databaseUrl: opts.databaseUrl,
        dataDir,
        listen: false,
        poolSize: 1,
      });
      const db = database.db;
      const counts = await tableCounts(<T extends Record<string, unknown>>(text: string) =>
        rows<T>(db, sql.raw(text)),
      );
      const names = new Set([...Object.keys(manifest.tables), ...Object.keys(counts)]);
      for (const table of [...names].sort()) {
        if (counts[table] !== manifest.tables[table])
          throw new BackupError(
            fill(messages.restaurationComptesDifferents, {
              table,
              trouve: counts[table] ?? 0,
              attendu: manifest.tables[table] ?? 0,
            }),
          );
      }

      // 5. The documents in place, then the schema brought up to this version.
      if (opts.documentsStore === 'directory') {
        if (existsSync(documentsDir)) await rmdir(documentsDir);
        await mkdir(path.join(staging, 'documents'), { recursive: true });
        await rename(path.join(staging, 'documents'), documentsDir);
        installedDocuments = true;
      }
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      say(
        fill(messages.restaurationVerifiee, {
          tables: names.size,
          lignes: total,
          documents: documents.size,
        }),
      );
      migrations = await migrate(db);
    } finally {
      await database?.close();
    }
    say(
      migrations.length
        ? fill(messages.restaurationMigrations, { migrations: migrations.join(', ') })
        : messages.restaurationMigrationsAJour,
    );
    say(messages.restaurationTerminee);
    return { manifest, migrations };
  } catch (err) {
    if (installedPgdata) await rm(pgdata, { recursive: true, force: true });
    if (installedDocuments) await rm(documentsDir, { recursive: true, force: true });
    if (databaseTouched && err instanceof BackupError)
      err.message = `${err.message}\n${messages.restaurationEchecBaseModifiee}`;
    throw err;
  } finally {
    await entries.return(undefined);
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}
