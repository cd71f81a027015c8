import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase, type Database } from '../../src/server/db/client';
import { DirectoryStorage } from '../../src/server/files/storage';
import { loadDemoData, type DemoAccount } from '../../src/server/seed/demo';
import { copyTemplate, createTestDatabase, type TemplateInfo } from './db';
import { PATIENCE_MS } from './wait';

/**
 * The demo data for the API files that read it (tests/api/demo.test.ts, offers-demo, exports-readback):
 * loaded once a run, then each file starts on a copy of its own, as each file starts on a copy of the
 * migrated template (tests/helpers/db.ts). The demo is the slowest set-up of the API project (minutes
 * on a loaded machine); loaded once instead of once a file.
 *
 * The first file to ask loads it into a database of its own, keeps it as a template (a data-folder
 * dump on PGlite, a database on PostgreSQL, dropped with the run's template) beside a copy of its
 * documents, and writes what the load said; the files that ask meanwhile (the other worker) wait
 * for it. The folder is emptied by the run's set-up (tests/setup/global-api.ts).
 */
export const API_DEMO_DIR = path.resolve(import.meta.dirname, '..', '..', '.test-output', 'api-demo');

/** The signing secret of the apps the demo's files build: the key of the demo procurations' codes. */
export const DEMO_PROCURATION_KEY = 'x'.repeat(48);

/** What the one load of the run said and left. */
interface DemoMade {
  template: TemplateInfo;
  accounts: DemoAccount[];
  /** The day the demo was loaded for (ISO). */
  today: string;
  /** Its log lines, joined by spaces. */
  log: string;
  /** How long the load took. */
  seconds: number;
}

export interface DemoDatabase {
  /** A copy of the demo's database, this file's own (dropped by `close`). */
  database: Database;
  /** A data folder of its own, holding a copy of the demo's documents (`documents/`). */
  dataDir: string;
  storage: DirectoryStorage;
  accounts: DemoAccount[];
  today: Date;
  log: string;
  seconds: number;
  /** Closes the database and removes the data folder. */
  close(): Promise<void>;
}

const MADE = path.join(API_DEMO_DIR, 'fait.json');
const FAILED = path.join(API_DEMO_DIR, 'echec.txt');
const LOCK = path.join(API_DEMO_DIR, 'verrou');
const DOCUMENTS = path.join(API_DEMO_DIR, 'documents');

/** Empties the run's demo folder (the API project's set-up). */
export function clearApiDemo(): void {
  rmSync(API_DEMO_DIR, { recursive: true, force: true });
}

/** Loads the demo once into a template of its own, from the run's migrated one `info`. */
async function makeDemo(info: TemplateInfo): Promise<DemoMade> {
  const today = new Date();
  const logs: string[] = [];
  const loading = mkdtempSync(path.join(tmpdir(), 'cenou-demo-modele-'));
  try {
    const storage = new DirectoryStorage(path.join(loading, 'documents'));
    const load = async (database: Database) => {
      const started = performance.now();
      const accounts = await loadDemoData(database.db, {
        log: { info: (msg: string) => logs.push(msg) } as never,
        today,
        storage,
        // Its procurations exist as on `npm start` (their codes keyed as the files' apps sign).
        procurationKey: DEMO_PROCURATION_KEY,
      });
      return { accounts, seconds: (performance.now() - started) / 1000 };
    };
    let made: Omit<DemoMade, 'today' | 'log'>;
    if (info.kind === 'pg') {
      // Its own database, closed (not dropped) once loaded: the files' copies are made from it, and
      // the run's end drops it with the other copies of the run's template.
      const copy = await copyTemplate(info);
      const database = await openDatabase({ databaseUrl: copy.url, poolSize: 5, listen: false });
      try {
        made = { ...(await load(database)), template: { kind: 'pg', url: info.url, template: copy.name } };
      } finally {
        await database.close();
      }
    } else {
      const database = await createTestDatabase(info);
      try {
        const loaded = await load(database);
        const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } })
          .$client;
        const dumpFile = path.join(API_DEMO_DIR, 'demo.tar');
        writeFileSync(dumpFile, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
        made = { ...loaded, template: { kind: 'pglite', dumpFile } };
      } finally {
        await database.close();
      }
    }
    if (existsSync(path.join(loading, 'documents')))
      cpSync(path.join(loading, 'documents'), DOCUMENTS, { recursive: true });
    else mkdirSync(DOCUMENTS, { recursive: true });
    return { ...made, today: today.toISOString(), log: logs.join(' ') };
  } finally {
    rmSync(loading, { recursive: true, force: true });
  }
}

/**
 * The run's demo, loaded by the first caller and waited for by the others: its template (a copy is
 * made with `createTestDatabase` or `copyTemplate`) and the folder of its documents, to be copied.
 */
export async function demoOfTheRun(info: TemplateInfo): Promise<DemoMade & { documents: string }> {
  const made = await loadedOnce(info);
  return { ...made, documents: DOCUMENTS };
}

async function loadedOnce(info: TemplateInfo): Promise<DemoMade> {
  mkdirSync(API_DEMO_DIR, { recursive: true });
  let mine = false;
  try {
    mkdirSync(LOCK);
    mine = true;
  } catch {
    /* another file is loading it, or has */
  }
  if (mine) {
    try {
      const made = await makeDemo(info);
      writeFileSync(MADE, JSON.stringify(made));
      return made;
    } catch (err) {
      writeFileSync(FAILED, String((err as Error).stack ?? err));
      throw err;
    }
  }
  // The load takes minutes on a loaded machine; the bound only ends a wait for a load that died.
  const deadline = Date.now() + 10 * PATIENCE_MS;
  while (Date.now() < deadline) {
    if (existsSync(MADE)) return JSON.parse(readFileSync(MADE, 'utf8')) as DemoMade;
    if (existsSync(FAILED))
      throw new Error(`the run's demo failed to load in another file:\n${readFileSync(FAILED, 'utf8')}`);
    await sleep(250);
  }
  throw new Error(`the run's demo was not loaded in time (${API_DEMO_DIR})`);
}

/**
 * A copy of the demo for one test file: its database, and a data folder `name-…` holding the demo's
 * documents. The demo is loaded once a run, from the migrated template `info`.
 */
export async function openDemoDatabase(info: TemplateInfo, name: string): Promise<DemoDatabase> {
  const made = await demoOfTheRun(info);
  const database = await createTestDatabase(made.template);
  const dataDir = mkdtempSync(path.join(tmpdir(), `cenou-${name}-`));
  cpSync(DOCUMENTS, path.join(dataDir, 'documents'), { recursive: true });
  return {
    database,
    dataDir,
    storage: new DirectoryStorage(path.join(dataDir, 'documents')),
    accounts: made.accounts,
    today: new Date(made.today),
    log: made.log,
    seconds: made.seconds,
    close: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
