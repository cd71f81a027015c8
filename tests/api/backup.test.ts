import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { recordAudit } from '../../src/server/audit/record';
import { buildApp } from '../../src/server/app';
import { backup } from '../../src/server/backup/backup';
import { BACKUP_FORMAT, BackupError, HEADER_NAME } from '../../src/server/backup/format';
import { restore } from '../../src/server/backup/restore';
import { TarWriter } from '../../src/server/backup/tar';
import { loadConfig } from '../../src/server/config/env';
import { one, openDatabase, rows, type Db } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { DirectoryStorage } from '../../src/server/files/storage';
import { loadDemoData } from '../../src/server/seed/demo';
import { copyTemplate } from '../helpers/db';
import { demoOfTheRun } from '../helpers/demo-db';
import { describeOnPostgres } from '../helpers/postgres';

/**
 * Backups (docs/operations.md, docs/decisions/022-backup-and-restore.md): a real set (the demo's
 * dossiers with their PDF proofs, its audit rows, and a resumable upload with a stored part) backed
 * up, restored into a fresh empty database and an empty DATA_DIR, then every table's row count and
 * every document's SHA-256 compared; on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const temps: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `cenou-backup-${name}-`));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/**
 * The whole demo (3,000 students, their dossiers and proofs: a copy of the run's, loaded once,
 * tests/helpers/demo-db.ts) in `dataDir`, and an upload in progress whose part is a stored document.
 * Its database is already the demo's copy: only the documents are copied here.
 */
async function seed(db: Db, dataDir: string, documents: string) {
  cpSync(documents, path.join(dataDir, 'documents'), { recursive: true });
  const storage = new DirectoryStorage(path.join(dataDir, 'documents'));
  const key = await storage.put(Buffer.from('%PDF-1.4 part of an upload'), { prefix: 'televersement' });
  const user = await one<{ id: number }>(db, sql`SELECT id FROM users ORDER BY id LIMIT 1`);
  const type = await one<{ id: number }>(db, sql`SELECT id_type_critere AS id FROM type_critere LIMIT 1`);
  const id = randomBytes(16).toString('hex');
  await db.execute(
    sql`INSERT INTO televersement (id_televersement, id_user, id_type_critere, nom_fichier, metadonnees, longueur, decalage, expire_le)
        VALUES (${id}, ${user!.id}, ${type!.id}, 'preuve.pdf', '', 1000, 26, now() + interval '1 day')`,
  );
  await db.execute(
    sql`INSERT INTO televersement_partie (cle, id_televersement, debut, taille) VALUES (${key}, ${id}, 0, 26)`,
  );
  const actor = await one<{ id: number; userName: string }>(
    db,
    sql`SELECT id, user_name AS "userName" FROM users LIMIT 1`,
  );
  for (const n of [1, 2])
    await recordAudit(db, actor!, {
      action: 'MODIFIER',
      resource: 'cite',
      resourceId: n,
      detail: { libelle: `Cité n° ${n} « éé »`, modifications: { capacite: { avant: n, apres: n + 1 } } },
    });
}

/** Every table's rows (counted here, not by the code under test) and every document's SHA-256. */
async function state(db: Db, dataDir: string) {
  const tables = await rows<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = (await one<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM "${name}"`)))!.n;
  const documents: Record<string, string> = {};
  const root = path.join(dataDir, 'documents');
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else
        documents[path.relative(root, full).split(path.sep).join('/')] = createHash('sha256')
          .update(readFileSync(full))
          .digest('hex');
    }
  };
  walk(root);
  return { counts, documents };
}

function expectSeeded(s: Awaited<ReturnType<typeof state>>) {
  expect(s.counts.dossier).toBeGreaterThan(50);
  expect(s.counts.audit_log).toBeGreaterThan(0);
  expect(s.counts.televersement_partie).toBe(1);
  const keys = Object.keys(s.documents);
  expect(keys.filter((k) => k.startsWith('dossier/')).length).toBeGreaterThan(50);
  expect(keys.filter((k) => k.startsWith('televersement/'))).toHaveLength(1);
}

/** The server starts on the restored data: the app answers, a demo proof reads back whole. */
async function serverStarts(db: Db, dataDir: string) {
  const app = await buildApp({
    config: { ...loadConfig({}), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    db,
    jwtSecret: 'x'.repeat(48),
  });
  try {
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/service/api/health' })).statusCode).toBe(200);
    const part = await one<{ cle: string }>(db, sql`SELECT cle FROM televersement_partie LIMIT 1`);
    const opened = await app.storage.open(part!.cle);
    expect(opened.size).toBe(26);
    opened.stream.destroy();
  } finally {
    await app.close();
  }
}

async function expectRefused(run: Promise<unknown>, message: RegExp) {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackupError);
  expect((err as Error).message).toMatch(message);
}

/** A tar whose first entry is a header of the given content. */
async function craftedBackup(file: string, header: object) {
  const out = createWriteStream(file);
  const tar = new TarWriter(out);
  const bytes = Buffer.from(JSON.stringify(header));
  await tar.add(HEADER_NAME, bytes.length, bytes);
  await tar.finish();
}

describe('backup and restore, embedded database (PGlite)', () => {
  const source = tempDir('src');
  const out = tempDir('out');
  const file = path.join(out, 'sauvegarde.tar');
  let before: Awaited<ReturnType<typeof state>>;

  it('a round trip gives the same row counts and the same documents', async () => {
    // The run's demo as this embedded database's start: its dump, or loaded here when the run's
    // template is PostgreSQL's.
    const demo = await demoOfTheRun(inject('dbTemplate'));
    const dump = demo.template.kind === 'pglite' ? readFileSync(demo.template.dumpFile) : undefined;
    const database = await openDatabase({
      dataDir: source,
      listen: false,
      ...(dump ? { loadDataDir: new Blob([dump]) } : {}),
    });
    try {
      let documents = demo.documents;
      if (!dump) {
        documents = path.join(tempDir('demo'), 'documents');
        await migrate(database.db);
        await loadDemoData(database.db, {
          log: { info: () => undefined } as never,
          storage: new DirectoryStorage(documents),
        });
      }
      await seed(database.db, source, documents);
      before = await state(database.db, source);
      expectSeeded(before);
      // The embedded database belongs to one process: a backup while it is open is refused.
      await expectRefused(
        backup({ dataDir: source, documentsStore: 'directory', file }),
        /ouverte par un serveur en marche/,
      );
      expect(existsSync(file)).toBe(false);
    } finally {
      await database.close();
    }

    const lines: string[] = [];
    const done = await backup({
      dataDir: source,
      documentsStore: 'directory',
      file,
      say: (l) => lines.push(l),
    });
    expect(done.manifest.database).toBe('pglite');
    expect(done.manifest.tables).toEqual(before.counts);
    expect(Object.fromEntries(done.manifest.documents.map((d) => [d.name, d.sha256]))).toEqual(
      before.documents,
    );

    const target = tempDir('dst');
    const said: string[] = [];
    const restored = await restore({
      dataDir: target,
      documentsStore: 'directory',
      file,
      say: (l) => said.push(l),
    });
    expect(restored.migrations).toEqual([]);
    expect(said.join('\n')).toMatch(/Vérifié/);
    expect(readdirSync(target).filter((n) => n.startsWith('.restauration'))).toEqual([]);
    const database2 = await openDatabase({ dataDir: target, listen: false });
    try {
      const after = await state(database2.db, target);
      expect(after.counts).toEqual(before.counts);
      expect(after.documents).toEqual(before.documents);
      await serverStarts(database2.db, target);
    } finally {
      await database2.close();
    }
    // The run's demo may still be loading in another file: minutes on a loaded machine.
  }, 900_000);

  it('refuses a target that is not empty, and writes nothing', async () => {
    const listing = readdirSync(source).sort();
    await expectRefused(
      restore({ dataDir: source, documentsStore: 'directory', file }),
      /contient déjà une base embarquée/,
    );
    expect(readdirSync(source).sort()).toEqual(listing);
    // An empty database but documents left there.
    const target = tempDir('docs');
    writeFileSync(path.join(target, 'x'), '');
    rmSync(path.join(target, 'x'));
    const docs = path.join(target, 'documents', 'dossier');
    await import('node:fs/promises').then((fs) => fs.mkdir(docs, { recursive: true }));
    await expectRefused(
      restore({ dataDir: target, documentsStore: 'directory', file }),
      /documents .* n’est pas vide/,
    );
    expect(existsSync(path.join(target, 'pgdata'))).toBe(false);
  });

  it('refuses a file that is not a backup, a newer format, another kind of database or store', async () => {
    const target = tempDir('refus');
    const junk = path.join(out, 'pas-une-sauvegarde.tar');
    writeFileSync(junk, randomBytes(4096));
    await expectRefused(
      restore({ dataDir: target, documentsStore: 'directory', file: junk }),
      /n’est pas une sauvegarde/,
    );
    writeFileSync(junk, '');
    await expectRefused(
      restore({ dataDir: target, documentsStore: 'directory', file: junk }),
      /n’est pas une sauvegarde/,
    );
    await expectRefused(
      restore({ dataDir: target, documentsStore: 'directory', file: path.join(out, 'absent.tar') }),
      /n’est pas une sauvegarde/,
    );
    const header = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      appVersion: '0.1.0',
      database: 'pglite',
      documentsStore: 'directory',
    };
    const newer = path.join(out, 'newer.tar');
    await craftedBackup(newer, { ...header, version: 99 });
    await expectRefused(
      restore({ dataDir: target, documentsStore: 'directory', file: newer }),
      /plus récent/,
    );
    const fromPg = path.join(out, 'pg.tar');
    await craftedBackup(fromPg, { ...header, database: 'pg' });
    await expectRefused(restore({ dataDir: target, documentsStore: 'directory', file: fromPg }), /même type/);
    await expectRefused(restore({ dataDir: target, documentsStore: 'database', file }), /DOCUMENTS_STORE/);
    expect(readdirSync(target)).toEqual([]);
  });

  it('refuses a damaged backup (one document byte changed) and leaves the target empty', async () => {
    const bytes = readFileSync(file);
    // The upload part's text, inside the archive: one byte changed, the size kept.
    const at = bytes.indexOf('part of an upload');
    expect(at).toBeGreaterThan(0);
    bytes[at] = 'P'.charCodeAt(0);
    const damaged = path.join(out, 'abimee.tar');
    writeFileSync(damaged, bytes);
    const target = tempDir('abimee');
    await expectRefused(restore({ dataDir: target, documentsStore: 'directory', file: damaged }), /abîmée/);
    expect(readdirSync(target)).toEqual([]);
  });

  it('the commands: French refusals, a non-zero exit', () => {
    const junk = path.join(out, 'commande.tar');
    writeFileSync(junk, 'bonjour');
    const target = tempDir('cli');
    const env = { ...process.env, DATA_DIR: target, DATABASE_URL: '' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', '--', junk], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('n’est pas une sauvegarde de la plateforme');
    const again = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', '--', file], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('existe déjà');
    expect(readdirSync(target)).toEqual([]);
  }, 120_000);
});

describeOnPostgres('backup and restore, PostgreSQL', () => {
  const base = process.env.TEST_DATABASE_URL!;
  const withName = (name: string) => {
    const u = new URL(base);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  it('a round trip gives the same row counts and the same documents, the server running', async () => {
    const suffix = randomBytes(4).toString('hex');
    // The source: a copy of the run's demo (tests/helpers/demo-db.ts), dropped below.
    const demo = await demoOfTheRun(inject('dbTemplate'));
    const src = (await copyTemplate(demo.template)).name;
    const dst = `backup_dst_${suffix}`;
    const source = tempDir('pg-src');
    const target = tempDir('pg-dst');
    const file = path.join(tempDir('pg-out'), 'sauvegarde.tar');
    try {
      await admin(`CREATE DATABASE ${dst}`);
      // The source stays open (a running server's pool) during the backup: pg_dump reads a snapshot.
      const database = await openDatabase({ databaseUrl: withName(src), listen: false, poolSize: 2 });
      let before: Awaited<ReturnType<typeof state>>;
      try {
        await seed(database.db, source, demo.documents);
        before = await state(database.db, source);
        expectSeeded(before);
        // Writes go on during the backup: the counts and the dump come from one snapshot.
        let writing = true;
        let written = 0;
        const writer = (async () => {
          while (writing) {
            await recordAudit(database.db, null, { action: 'CREER', resource: 'cite', resourceId: written });
            written++;
          }
        })();
        let done: Awaited<ReturnType<typeof backup>>;
        try {
          done = await backup({
            databaseUrl: withName(src),
            dataDir: source,
            documentsStore: 'directory',
            file,
          });
        } finally {
          writing = false;
          await writer;
        }
        expect(written).toBeGreaterThan(0);
        expect(done.manifest.database).toBe('pg');
        expect({ ...done.manifest.tables, audit_log: 0 }).toEqual({ ...before.counts, audit_log: 0 });
        expect(done.manifest.tables.audit_log).toBeGreaterThanOrEqual(before.counts.audit_log);
        before = { ...before, counts: done.manifest.tables };
      } finally {
        await database.close();
      }

      const restored = await restore({
        databaseUrl: withName(dst),
        dataDir: target,
        documentsStore: 'directory',
        file,
      });
      expect(restored.migrations).toEqual([]);
      const database2 = await openDatabase({ databaseUrl: withName(dst), listen: false, poolSize: 2 });
      try {
        const after = await state(database2.db, target);
        expect(after.counts).toEqual(before.counts);
        expect(after.documents).toEqual(before.documents);
        await serverStarts(database2.db, target);
      } finally {
        await database2.close();
      }

      // Again into the same (now full) database: refused, nothing written.
      const other = tempDir('pg-again');
      await expectRefused(
        restore({ databaseUrl: withName(dst), dataDir: other, documentsStore: 'directory', file }),
        /n’est pas vide/,
      );
      expect(readdirSync(other)).toEqual([]);
    } finally {
      await admin(`DROP DATABASE IF EXISTS ${src} WITH (FORCE)`);
      await admin(`DROP DATABASE IF EXISTS ${dst} WITH (FORCE)`);
    }
  }, 900_000);

  it('refuses a backup of the embedded database into PostgreSQL', async () => {
    const dst = `backup_dst_${randomBytes(4).toString('hex')}`;
    const file = path.join(tempDir('pg-kind'), 'embarquee.tar');
    await craftedBackup(file, {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      appVersion: '0.1.0',
      database: 'pglite',
      documentsStore: 'directory',
    });
    try {
      await admin(`CREATE DATABASE ${dst}`);
      await expectRefused(
        restore({
          databaseUrl: withName(dst),
          dataDir: tempDir('pg-kind-dst'),
          documentsStore: 'directory',
          file,
        }),
        /vient d’une base embarquée/,
      );
    } finally {
      await admin(`DROP DATABASE IF EXISTS ${dst} WITH (FORCE)`);
    }
  });
});
