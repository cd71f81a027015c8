import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { PATIENCE_MS } from './wait';

/**
 * Test databases: one migrated template per run, one copy per test file. On PGlite (default) the
 * template is a data-directory dump; with TEST_DATABASE_URL it is a PostgreSQL database used as
 * `CREATE DATABASE … TEMPLATE …`.
 */
export type TemplateInfo =
  { kind: 'pglite'; dumpFile: string } | { kind: 'pg'; url: string; template: string };

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createTemplate(outDir: string): Promise<TemplateInfo> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const base = new URL(url).pathname.slice(1) || 'test';
    const template = `${base}_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const database = await openDatabase({
      databaseUrl: withDatabase(url, template),
      poolSize: 1,
      listen: false,
    });
    await migrate(database.db);
    await database.close();
    return { kind: 'pg', url, template };
  }
  const database = await openDatabase({ listen: false });
  await migrate(database.db);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const dumpFile = path.join(outDir, 'pglite-template.tar');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return { kind: 'pglite', dumpFile };
}

export async function dropTemplate(info: TemplateInfo) {
  if (info.kind !== 'pg') return;
  const admin = new pg.Client({ connectionString: info.url });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
    [`${info.template}_f_%`, info.template],
  );
  for (const r of rows) {
    await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`).catch(() => undefined);
  }
  await admin.end();
}

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(info: TemplateInfo): Promise<Database> {
  if (info.kind === 'pglite') {
    const blob = new Blob([readFileSync(info.dumpFile)]);
    return openDatabase({ loadDataDir: blob });
  }
  const copy = await copyTemplate(info);
  const database = await openDatabase({ databaseUrl: copy.url, poolSize: 5 });
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      await copy.drop();
    },
  };
}

/**
 * A fresh PostgreSQL database copied from the template (TEST_DATABASE_URL): its URL, to open it
 * otherwise (through a proxy, by a server started as a process), and how to drop it.
 */
export async function copyTemplate(
  info: TemplateInfo,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  if (info.kind !== 'pg') throw new Error('copyTemplate: PostgreSQL only (TEST_DATABASE_URL)');
  const name = `${info.template}_f_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.url });
  await admin.connect();
  // Two files copying the template at once: PostgreSQL refuses the second while the first copies
  // ('source database is being accessed by other users'), for as long as a loaded machine takes.
  const giveUp = Date.now() + PATIENCE_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${info.template}`);
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || Date.now() > giveUp) throw err;
      await new Promise((r) => setTimeout(r, Math.min(100 + attempt * 100, 1_000)));
    }
  }
  await admin.end();
  return {
    url: withDatabase(info.url, name),
    name,
    drop: async () => {
      const a = new pg.Client({ connectionString: info.url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await a.end();
    },
  };
}
