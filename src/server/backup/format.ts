import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fill, messages } from '../../domain/messages';
import { PROJECT_ROOT } from '../paths';

/**
 * The backup file (docs/decisions/022-backup-and-restore.md): a tar whose first entry is
 * `HEADER_NAME` (what it is: format, version, database kind, documents store), then the database
 * (`base/…`), then the documents (`documents/<key>`), and last `MANIFEST_NAME` (the header again
 * with the row count of every table and the size and SHA-256 of every file).
 */
export const BACKUP_FORMAT = 'cenou-hebergement-sauvegarde';
/** Raised when the layout changes; a restore refuses a newer version. */
export const BACKUP_VERSION = 1;
export const HEADER_NAME = 'cenou-sauvegarde.json';
export const MANIFEST_NAME = 'manifest.json';
/** PostgreSQL: the `pg_dump --format=custom` archive. */
export const PG_DUMP_NAME = 'base/cenou.pgdump';
/** PGlite: the files of its data directory (DATA_DIR/pgdata), copied while it is closed. */
export const PGDATA_PREFIX = 'base/pgdata/';
export const DOCUMENTS_PREFIX = 'documents/';

type DatabaseKind = 'pg' | 'pglite';
export type DocumentsStore = 'directory' | 'database';

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  appVersion: string;
  database: DatabaseKind;
  documentsStore: DocumentsStore;
}

export interface FileSum {
  /** The entry's name in the tar (`base/…`), or the document's key. */
  name: string;
  size: number;
  sha256: string;
}

export interface BackupManifest extends BackupHeader {
  /** Rows of every table of the `public` schema when the backup was taken. */
  tables: Record<string, number>;
  /** The database's files (one `pg_dump` archive, or PGlite's data directory). */
  databaseFiles: FileSum[];
  /** PGlite: the folders of its data directory (relative), the empty ones included. */
  databaseDirectories: string[];
  /** The documents (directory store), by key. Empty with the database store: they are in the dump. */
  documents: FileSum[];
}

/** A refusal or a failure the operator reads (French, from the catalogue). */
export class BackupError extends Error {}

/** `DOCUMENTS_STORE` (docs/operations.md#several-instances-shared-limits-and-documents): `directory` unless set to `database`. */
export function documentsStoreOf(env: Record<string, string | undefined>): DocumentsStore {
  return env.DOCUMENTS_STORE?.trim().toLowerCase() === 'database' ? 'database' : 'directory';
}

export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    version?: string;
  };
  return pkg.version ?? '?';
}

export const databaseLabel = (kind: DatabaseKind) =>
  kind === 'pg' ? messages.sauvegardeBasePostgres : messages.sauvegardeBaseEmbarquee;
export const storeLabel = (store: DocumentsStore) =>
  store === 'database' ? messages.sauvegardeStockageBase : messages.sauvegardeStockageDossier;

/** A key of the directory store (`prefix/uuid`, src/server/files/storage.ts). */
export const DOCUMENT_KEY = /^[a-z0-9-]{1,40}\/[0-9a-f-]{36}$/;
/** A path inside PGlite's data directory: plain names, no `..`. */
export const SAFE_RELATIVE = /^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Runs a PostgreSQL client tool; its error output (bounded) becomes the French failure. */
export async function runTool(tool: string, args: string[]): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString('utf8');
    });
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupError(fill(messages.sauvegardeOutilIntrouvable, { outil: tool }))
          : err,
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(
            new BackupError(
              fill(messages.sauvegardeOutilEchec, { outil: tool, code: String(code), erreur: stderr.trim() }),
            ),
          ),
    );
  });
}

/** The URL with its password hidden, for messages. */
export const hidePassword = (url: string) => url.replace(/:[^:@/]*@/, ':***@');
