/**
 * The deliberation's publication statement by statement (a developer's tool, not part of `npm run
 * bench`): `node --import tsx bench/deliberation-steps.ts [size]` with BENCH_DATABASE_URL set.
 * A template database is seeded once (bench/lib/deliberation.ts), each run copies it, then times
 * the preview and the publication with every SQL statement's duration and the process's memory.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import {
  listsJson,
  previewDeliberation,
  publishDeliberation,
  type DeliberationLists,
} from '../src/server/modules/deliberation/service';
import { seed } from './lib/deliberation';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const size = Number(process.argv[2] ?? 100_000);
// BENCH_STEPS_PREFIX: the databases' names (two engineers on one PostgreSQL each use their own).
const prefix = process.env.BENCH_STEPS_PREFIX ?? 'delib_steps';
const tpl = `${prefix}_tpl_${size}`;
const work = `${prefix}_run`;
const at = (name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [tpl]);
if (!exists.rowCount) {
  await admin.query(`CREATE DATABASE ${tpl}`);
  const d = await openDatabase({ databaseUrl: at(tpl), poolSize: 1, listen: false });
  await migrate(d.db);
  await d.close();
  const c = new pg.Client({ connectionString: at(tpl) });
  await c.connect();
  const ids = await seed(c, size);
  await c.query(`CREATE TABLE steps_ids AS SELECT ${ids.idSession} AS s, ${ids.idDirection} AS d`);
  await c.end();
}
await admin.query(`DROP DATABASE IF EXISTS ${work} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${work} TEMPLATE ${tpl}`);
// BENCH_STEPS_EXPLAIN=<ms>: every statement slower than that prints its plan as it ran (auto_explain,
// sent to the client as a notice, printed above the statement's line).
const explainMs = Number(process.env.BENCH_STEPS_EXPLAIN ?? -1);
if (explainMs >= 0)
  for (const setting of [
    `session_preload_libraries = 'auto_explain'`,
    `auto_explain.log_min_duration = ${explainMs}`,
    `auto_explain.log_analyze = on`,
    `auto_explain.log_buffers = on`,
    `auto_explain.log_nested_statements = on`,
    `auto_explain.log_level = notice`,
  ])
    await admin.query(`ALTER DATABASE ${work} SET ${setting}`);
await admin.end();

let log: string[] | null = null;
/** The CPU time (user + system) a PostgreSQL backend used so far: less noisy than wall time on a loaded machine. */
function backendCpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
  const t0 = performance.now();
  const pid = (this as unknown as { processID?: number }).processID;
  const self = this as pg.Client & { __plans?: boolean };
  if (explainMs >= 0 && !self.__plans) {
    self.__plans = true;
    self.on('notice', (n) => log?.push(`        plan: ${n.message ?? ''}`));
  }
  const cpu0 = backendCpuMs(pid);
  const done = () =>
    log?.push(
      `${String(backendCpuMs(pid) - cpu0).padStart(6)} ms cpu ` +
        `${(performance.now() - t0).toFixed(0).padStart(6)} ms  ${text.replace(/\s+/g, ' ').slice(0, 110)}`,
    );
  // The server calls node-postgres's callback form (src/server/db/client.ts): timed when it is called back.
  const last = args[args.length - 1];
  if (typeof last === 'function')
    args[args.length - 1] = (...a: unknown[]) => {
      if (log) done();
      return (last as (...x: unknown[]) => unknown)(...a);
    };
  const out = (query as (...a: unknown[]) => unknown).apply(this, args);
  if (log && out && typeof (out as Promise<unknown>).then === 'function')
    void (out as Promise<unknown>).then(done, () => undefined);
  return out;
} as typeof query;

const database = await openDatabase({ databaseUrl: at(work) });
await migrate(database.db);
const { rows } = (await database.db.execute('SELECT s, d FROM steps_ids' as never)) as unknown as {
  rows: { s: number; d: number }[];
};
const target = { idSessionCenou: rows[0].s, idDirection: rows[0].d };
const actor = { id: 1, role: 'ROLE_HEBERGEMENT_ADMIN' as const, idDirection: null, userName: 'admin' };

let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10);
const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;
global.gc?.();
let heapAfterGc = process.memoryUsage().heapUsed;
async function step(name: string, f: () => Promise<unknown>) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  peak = before;
  log = [];
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let body: unknown = await f();
  let bytes = 0;
  for (const chunk of listsJson(body as DeliberationLists)) bytes += chunk.length;
  body = undefined;
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const heapBefore = heapAfterGc;
  // With --expose-gc: the heap still live once the answer is written (what the call leaves behind).
  global.gc?.();
  heapAfterGc = process.memoryUsage().heapUsed;
  console.log(
    `== ${name}: ${ms.toFixed(0)} ms (Node CPU ${Math.round((c.user + c.system) / 1000)} ms, answer ${mb(bytes)}), RSS ${mb(before)} → peak ${mb(peak)}` +
      (global.gc ? `, live heap after a full collection ${mb(heapBefore)} → ${mb(heapAfterGc)}` : ''),
  );
  for (const l of log) console.log(l);
  log = null;
}
await step('preview', () => previewDeliberation(database.db, actor, { ...target, seed: 'banc' }));
if (process.argv[3] !== 'preview')
  await step('publication', () =>
    publishDeliberation(database.db, actor, {
      ...target,
      seed: 'banc',
      dashboardUrl: 'http://x/tableau-de-bord',
    }),
  );
clearInterval(sampler);
await database.close();
