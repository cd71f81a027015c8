/**
 * The fill's work by turns (decisions 091, 097): CPU of the server process and of PostgreSQL's
 * backend for one `assign` of a generated cité of 6,000 beds, the route's work without HTTP.
 *
 *   node --import tsx bench/fill-cpu.ts template <adminUrl> <templateDb>   # the fixture, once per tree
 *   node --import tsx bench/fill-cpu.ts turn <adminUrl> <templateDb>       # one turn: a fresh copy, one fill
 *
 * Each turn runs in a fresh process (as the bench's server meets its first fill) on a fresh copy
 * of the template (the assignments' table empty, as on opening day); it prints one JSON line: the
 * server's CPU (`process.cpuUsage`), PostgreSQL's (its backends' /proc stat), the wall time and the
 * load. `FILL_PROF=<file>` writes a V8 CPU profile of the fill alone (bench/cpuprofile-summary.ts).
 */
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { assign } from '../src/server/modules/assignment/service';
import { prepareAssignment } from './lib/assignment';

const [mode, adminUrl, template] = process.argv.slice(2);
const urlOf = (db: string) => adminUrl.replace(/\/[^/]*$/, `/${db}`);

async function admin<T>(run: (c: pg.Client) => Promise<T>, db = 'postgres'): Promise<T> {
  const c = new pg.Client({ connectionString: urlOf(db) });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/** utime + stime of a process, in ms (clock ticks of 10 ms). */
function procCpuMs(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) * 10;
  } catch {
    return 0;
  }
}

if (mode === 'template') {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${template}`));
  await admin((c) => c.query(`CREATE DATABASE ${template}`));
  const database = await openDatabase({ databaseUrl: urlOf(template), listen: false });
  await migrate(database.db);
  await database.close();
  await admin(async (c) => {
    const p = await prepareAssignment(c, 6000, 150);
    const [{ id }] = (
      await c.query(
        `INSERT INTO users (id_direction, user_name, nom, prenom, email, role, password_hash)
         SELECT id_direction, 'fill-cpu', 'Banc', 'Remplissage', 'fill-cpu@exemple.bf', 'ROLE_HEBERGEMENT_ADMIN', 'x'
         FROM session_cenou WHERE id_session_cenou = $1 RETURNING id`,
        [p.idSession],
      )
    ).rows;
    await c.query(
      `CREATE TABLE fill_cpu_fixture AS SELECT $1::int AS id_session, $2::int AS id_cite, $3::int AS id_user`,
      [p.idSession, p.big, id],
    );
    await c.query('VACUUM ANALYZE');
  }, template);
  console.log(JSON.stringify({ template }));
} else {
  const run = `${template}_run`;
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${run}`);
    await c.query(`CREATE DATABASE ${run} TEMPLATE ${template}`);
  });
  const database = await openDatabase({ databaseUrl: urlOf(run), listen: false, poolSize: 2 });
  const { db } = database;
  const fx = await admin(
    async (c) =>
      (await c.query(`SELECT * FROM fill_cpu_fixture`)).rows[0] as {
        id_session: number;
        id_cite: number;
        id_user: number;
      },
    run,
  );
  const backends = async () =>
    admin(async (c) =>
      (await c.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1`, [run])).rows.map(
        (r) => r.pid as number,
      ),
    );
  // Open both pooled connections before measuring.
  await Promise.all([db.execute('SELECT pg_sleep(0.05)'), db.execute('SELECT pg_sleep(0.05)')]);
  const pids = await backends();
  const pgBefore = new Map(pids.map((p) => [p, procCpuMs(p)]));
  const inspector = process.env.FILL_PROF ? new Session() : null;
  if (inspector) {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
    await inspector.post('Profiler.start');
  }
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();

  const result = await assign(
    db,
    { id: fx.id_user, role: 'ROLE_HEBERGEMENT_ADMIN', idDirection: null, userName: 'fill-cpu' },
    { idSessionCenou: fx.id_session, idCite: fx.id_cite, dashboardUrl: 'https://exemple.bf/tableau' },
  );
  const json = JSON.stringify(result);
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (inspector) {
    const { profile } = await inspector.post('Profiler.stop');
    writeFileSync(process.env.FILL_PROF!, JSON.stringify(profile));
  }
  let pgMs = 0;
  for (const p of await backends()) pgMs += procCpuMs(p) - (pgBefore.get(p) ?? 0);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  console.log(
    JSON.stringify({
      affectes: result.affectes.length,
      nonAffectes: result.nonAffectes,
      jsonBytes: json.length,
      serverMs: Math.round((cpu.user + cpu.system) / 1000),
      pgMs,
      wallMs: Math.round(wallMs),
      load,
    }),
  );
  await database.close();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${run}`));
}
