/**
 * The agency's statistics at national scale (PostgreSQL only, docs/benchmarks.md): five academic
 * years up to the one under way, 100,000 dossiers each, the demo's 13 cités. The fixture lives in a
 * database of its own, `bench_statistiques` on the server of BENCH_DATABASE_URL, kept between runs:
 * a run that finds it built by the same fixture over the same migrations (its shape, written in the
 * database's comment) reuses it; otherwise it is made again: the demo loaded by the server's own
 * start, then set-based statements, one per table (`INSERT … SELECT` over `generate_series`): 100,000
 * students with an account, each depositing every year (the four closed years written by the demo's
 * past-years seed, src/server/seed/past-years.ts, the admitted housed with departures and freed
 * beds given again; the open year's dossiers in its open sessions), the instalments of every
 * assignment in one statement of the product's own (`issueInstalments`). `BENCH_STATISTICS_REBUILD=1`
 * makes it again whatever its shape; `DROP DATABASE bench_statistiques` removes it.
 *
 * Then, as GESTIONNAIRE_CENOU, `GET campus/statistiques` over the five years, every direction, from
 * the stage's own server on that database: the first call after the stored figures are emptied (it
 * computes and stores the closed sessions'), then `CALLS` calls after a warm-up: the median and the
 * slowest to the last byte, and the server's and PostgreSQL's CPU time a call.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../src/server/db/client';
import { withTransaction } from '../../src/server/db/transaction';
import * as schema from '../../src/server/db/schema';
import { issueInstalments } from '../../src/server/modules/rent/service';
import {
  assignmentsWithoutInstalments,
  lockInstalmentBackfill,
} from '../../src/server/modules/rent/repository';
import { demoSessionDates } from '../../src/server/seed/demo';
import { loadPastYears } from '../../src/server/seed/past-years';
import { hashPassword } from '../../src/server/security/passwords';
import { API_BASE, signin } from './api';
import { cpuMs, PgBackends } from './infra';
import { startServer, type BenchServer } from './server';

const CALLS = 20;
const WARMUP_CALLS = 3;
const STUDENTS = 100_000;
/** The kept database of the fixture, on the server of BENCH_DATABASE_URL. */
export const STATISTICS_DB = 'bench_statistiques';
const USER_NAME = 'banc.statistiques';
const PASSWORD = 'Banc-statistiques-2026';

export interface StatisticsReport {
  /** The years asked: the first four closed, the last the open one. */
  anneeDebut: number;
  anneeFin: number;
  /** Whether the fixture was there already (reused) or made by this run. */
  reused: boolean;
  students: number;
  dossiers: number;
  assignments: number;
  departures: number;
  instalments: number;
  /** The fixture's making (0 when reused): wall time, and PostgreSQL's CPU for its statements. */
  prepareSeconds: number;
  prepareDbCpuSeconds: number;
  cites: number;
  status: number;
  bytes: number;
  /** The first call after the stored figures were emptied: it stores every closed session's. */
  firstMs: number;
  firstServerCpuMs: number;
  firstDbCpuMs: number;
  medianMs: number;
  maxMs: number;
  serverCpuMs: number;
  dbCpuMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x: number) => Math.round(x * 10) / 10;

/** The open year (the demo's) and the five years asked, the open one last. */
function years() {
  const { anneeDebut } = demoSessionDates(new Date());
  return { closed: [1, 2, 3, 4].map((k) => anneeDebut - 5 + k), open: anneeDebut };
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * What the fixture is made of: the years, the size, the last migration, and the text of the
 * statements that write it (this file's fixture and the past-years seed). Another shape: made again.
 */
export function fixtureShape(): string {
  const journal = JSON.parse(readFileSync(`${ROOT}/src/server/db/migrations/meta/_journal.json`, 'utf8')) as {
    entries: { tag: string }[];
  };
  const hash = createHash('sha256')
    .update(FIXTURE_SQL.join('\n'))
    .update(readFileSync(`${ROOT}/src/server/seed/past-years.ts`))
    .digest('hex')
    .slice(0, 16);
  const { closed, open } = years();
  return `statistiques ${closed[0]}-${open} ${STUDENTS} ${journal.entries.at(-1)?.tag ?? '?'} ${hash}`;
}

// The fixture's own statements (the past years are the seed's). $1: the number of students.
const NOMS = `ARRAY['Ouédraogo','Sawadogo','Kaboré','Traoré','Zongo','Compaoré','Ouattara','Sanou','Kéré','Nikièma','Ilboudo','Zoungrana']`;
const PRENOMS = `ARRAY['Awa','Adama','Aminata','Issouf','Fatimata','Boukary','Mariam','Salif','Rasmata','Abdoul','Éloïse','Wendkouni']`;
/** The synthetic students' INEs: bench/lib/staff.ts's `benchIne`, in SQL. */
const INE = `'BD' || lpad(((i::bigint * 982451653) % 10000000000)::text, 10, '0')`;
const FIXTURE_SQL = [
  // The students and their accounts in one statement: the accounts first, then the registry's rows
  // naming them (no update of the registry afterwards: its row triggers would fire 100,000 times).
  `WITH g AS (
     SELECT i, ${INE} AS ine, (${NOMS})[1 + i % 12] AS nom,
            (${PRENOMS})[1 + (i * 7) % 12] || ' ' || (${PRENOMS})[1 + (i * 5 + 3) % 12] AS prenom, v.id_ville,
            v.nom_ville, v.id_direction
     FROM generate_series(1, $1::int) i
     JOIN (SELECT id_ville, nom_ville, id_direction, row_number() OVER (ORDER BY id_ville) - 1 AS k FROM ville
           WHERE nom_ville IN ('Ouagadougou', 'Bobo-Dioulasso', 'Koudougou') AND deleted_at IS NULL) v
       ON v.k = (i >> 3) % 3
   ), u AS (
     INSERT INTO users (id_direction, user_name, nom, prenom, email, role, password_hash)
     SELECT id_direction, ine, nom, prenom, lower(ine) || '@exemple.bf', 'ROLE_HEBERGEMENT_ETUDIANT', 'bench-no-password'
     FROM g ORDER BY i
     RETURNING id, user_name
   ), r AS (
     INSERT INTO registre_etudiant (ine, nom_etudiant, prenom_etudiant, sexe_etudiant, date_naissance, lieu_naissance,
       tel_etudiant, ville_orientation, id_ville, annee_bac, serie_bac, moyenne_bac, type_pays, recherche, id_user)
     SELECT g.ine, g.nom, g.prenom, CASE WHEN g.i % 2 = 1 THEN 'F' ELSE 'M' END, date '1998-01-01' + (g.i % 2900),
       g.nom_ville, '70 ' || lpad((g.i % 1000000)::text, 6, '0'), g.nom_ville, g.id_ville, 2018 + g.i % 7, 'D',
       10 + (g.i % 90) / 10.0, 'NATIONAL', fold(g.ine || ' ' || g.nom || ' ' || g.prenom), u.id
     FROM g JOIN u ON u.user_name = g.ine ORDER BY g.i
     RETURNING 1
   )
   SELECT count(*)::int AS n FROM r`,
  // The open year: each new student's dossier in its direction's open session, a third analysed.
  `WITH ins AS (
     INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user, statut_dossier,
       moyenne, date_depot, type_dossier)
     SELECT 'BEN-' || s.annee_debut || '-' || lpad(r.id_etudiant::text, 7, '0'), s.id_session_cenou, s.id_direction,
       r.id_etudiant, r.id_user, CASE WHEN r.id_etudiant % 3 = 0 THEN 'ANALYSE' ELSE 'DEPOSE' END,
       CASE WHEN r.id_etudiant % 3 = 0 THEN (r.id_etudiant % 2000) / 100.0 / 3 END,
       make_timestamptz(s.annee_debut, 9, 1, 8, 0, 0, 'UTC') + (r.id_etudiant % 2592000) * interval '1 second',
       CASE WHEN r.id_etudiant % 5 = 0 THEN 'RENOUVELLEMENT' ELSE 'NOUVEAU' END
     FROM registre_etudiant r
     JOIN ville v ON v.id_ville = r.id_ville
     JOIN session_cenou s ON s.id_direction = v.id_direction AND s.deleted_at IS NULL AND s.statut_session = 'OUVERT'
     WHERE r.ine LIKE 'BD%' AND r.deleted_at IS NULL
     ORDER BY r.id_etudiant
     RETURNING 1)
   SELECT count(*)::int AS n FROM ins`,
];

async function adminQuery<T extends pg.QueryResultRow>(
  adminUrl: string,
  text: string,
  values: unknown[] = [],
) {
  const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** The CPU time of one backend, from /proc (the client's own connection). */
async function backendCpuMs(c: pg.Client): Promise<number> {
  const [{ pid }] = (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
  return cpuMs(pid) ?? 0;
}

interface Made {
  students: number;
  dossiers: number;
  assignments: number;
  departures: number;
  instalments: number;
  dbCpuMs: number;
}

/** Writes the fixture into the freshly migrated demo database (one connection, its CPU read). */
async function makeFixture(url: string, closed: number[], log: (line: string) => void): Promise<Made> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = Date.now();
  const cpu0 = await backendCpuMs(client);
  const lap = async (what: string) =>
    log(
      `   ${what} : ${((Date.now() - t0) / 1000).toFixed(1)} s, PostgreSQL ${((((await backendCpuMs(client)) - cpu0) / 1000) as number).toFixed(1)} s de CPU`,
    );
  try {
    const db: Db = drizzle(client, { schema });
    const made = await withTransaction(db, async (tx) => {
      const [{ n: students }] = (await client.query<{ n: number }>(FIXTURE_SQL[0], [STUDENTS])).rows;
      await lap(`${students} étudiants et leurs comptes`);
      const [{ n: open }] = (await client.query<{ n: number }>(FIXTURE_SQL[1])).rows;
      await lap(`${open} dossiers de l'année ouverte`);
      // The planner's figures of the new rows (the demo's few thousand otherwise).
      await client.query('ANALYZE users, registre_etudiant, dossier');
      const past = await loadPastYears(tx, {
        annees: closed,
        directionsDe: closed.at(-1)! + 1,
        partDeposants: 100,
        // Clear of the references of the demo's own past years (500,001 on).
        numerosApres: 700_000,
      });
      await lap(`${past.dossiers} dossiers et ${past.affectations} affectations des années fermées`);
      await client.query('ANALYZE affectation');
      await lockInstalmentBackfill(tx);
      const missing = (await assignmentsWithoutInstalments(tx)).map((m) => m.id);
      await issueInstalments(tx, null, missing);
      await lap(`échéances de ${missing.length} affectations`);
      await tx.execute(
        sql`INSERT INTO users (id_direction, user_name, nom, prenom, email, role, password_hash)
            VALUES (NULL, ${USER_NAME}, 'Banc', 'Statistiques', ${`${USER_NAME}@exemple.bf`},
                    'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU', ${await hashPassword(PASSWORD)})`,
      );
      return {
        students,
        dossiers: open + past.dossiers,
        assignments: past.affectations,
        departures: past.departs,
        instalments: missing.length,
      };
    });
    await client.query('VACUUM ANALYZE');
    await lap('VACUUM ANALYZE');
    return { ...made, dbCpuMs: (await backendCpuMs(client)) - cpu0 };
  } finally {
    await client.end();
  }
}

/** The fixture's database: reused when its shape matches, else made again (demo, then the fixture). */
async function fixtureDatabase(
  adminUrl: string,
  log: (line: string) => void,
): Promise<{ url: string; server: BenchServer; reused: boolean; made?: Made; seconds: number }> {
  const started = Date.now();
  const url = new URL(adminUrl);
  url.pathname = `/${STATISTICS_DB}`;
  const shape = fixtureShape();
  const [found] = await adminQuery<{ shape: string | null }>(
    adminUrl,
    `SELECT shobj_description(oid, 'pg_database') AS shape FROM pg_database WHERE datname = $1`,
    [STATISTICS_DB],
  );
  if (found && found.shape === shape && process.env.BENCH_STATISTICS_REBUILD !== '1') {
    log(`   base ${STATISTICS_DB} reprise telle quelle (${shape})`);
    const server = await startServer({ databaseUrl: url.toString(), env: { DEMO_DATA: '0' } });
    return { url: url.toString(), server, reused: true, seconds: 0 };
  }
  log(`   base ${STATISTICS_DB} ${found ? `refaite (forme « ${found.shape ?? ''} »)` : 'créée'} : ${shape}`);
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${STATISTICS_DB} WITH (FORCE)`);
  await adminQuery(adminUrl, `CREATE DATABASE ${STATISTICS_DB}`);
  // The demo (cités, beds, directions, this year's sessions) from the server's own first start.
  const server = await startServer({ databaseUrl: url.toString(), startTimeoutMs: 900_000 });
  log(`   démonstration chargée en ${server.startSeconds.toFixed(1)} s`);
  try {
    const { closed } = years();
    const made = await makeFixture(url.toString(), closed, log);
    // Written last: a fixture cut short is never taken for a whole one.
    await adminQuery(adminUrl, `COMMENT ON DATABASE ${STATISTICS_DB} IS '${shape.replaceAll("'", "''")}'`);
    return { url: url.toString(), server, reused: false, made, seconds: (Date.now() - started) / 1000 };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

export async function benchStatistics(opts: {
  /** BENCH_DATABASE_URL: the server on which the fixture's database is kept. */
  adminUrl: string;
  log: (line: string) => void;
}): Promise<StatisticsReport> {
  const { closed, open } = years();
  const fixture = await fixtureDatabase(opts.adminUrl, opts.log);
  const { server } = fixture;
  const pool = new pg.Pool({ connectionString: fixture.url, max: 1 });
  try {
    const db: Db = drizzle(pool, { schema });
    const [counts] = (
      await pool.query<{
        students: number;
        dossiers: number;
        assignments: number;
        departures: number;
        instalments: number;
        cites: number;
      }>(
        `SELECT (SELECT count(*)::int FROM registre_etudiant WHERE ine LIKE 'BD%') AS students,
                (SELECT count(*)::int FROM dossier d JOIN session_cenou s USING (id_session_cenou)
                  WHERE s.annee_debut BETWEEN $1 AND $2 AND d.deleted_at IS NULL) AS dossiers,
                (SELECT count(*)::int FROM affectation a JOIN session_cenou s USING (id_session_cenou)
                  WHERE s.annee_debut BETWEEN $1 AND $2) AS assignments,
                (SELECT count(*)::int FROM affectation a JOIN session_cenou s USING (id_session_cenou)
                  WHERE s.annee_debut BETWEEN $1 AND $2 AND a.deleted_at IS NOT NULL) AS departures,
                (SELECT count(*)::int FROM journal_transaction WHERE nature = 'ECHEANCE') AS instalments,
                (SELECT count(*)::int FROM cite WHERE deleted_at IS NULL) AS cites`,
        [closed[0], open],
      )
    ).rows;
    opts.log(
      `   ${fixture.reused ? 'reprise' : `préparée en ${round(fixture.seconds)} s`} : ${counts.students} étudiants, ` +
        `${counts.dossiers} dossiers de ${closed[0]} à ${open}, ${counts.assignments} affectations ` +
        `(${counts.departures} départs), ${counts.instalments} échéances, ${counts.cites} cités`,
    );
    const token = await signin(server.baseUrl, USER_NAME, PASSWORD);
    const url = `${server.baseUrl}${API_BASE}/campus/statistiques?anneeDebut=${closed[0]}&anneeFin=${open}`;
    const headers = { authorization: `Bearer ${token}` };
    const backends = new PgBackends(fixture.url, STATISTICS_DB);
    await backends.open();
    const measure = async (calls: number) => {
      const times: number[] = [];
      let status = 0;
      let bytes = 0;
      const cpu0 = cpuMs(server.pid) ?? 0;
      const db0 = await backends.snapshot();
      for (let i = 0; i < calls; i++) {
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        bytes = (await res.arrayBuffer()).byteLength;
        times.push(performance.now() - t0);
        status = res.status;
      }
      return {
        times,
        status,
        bytes,
        serverMs: ((cpuMs(server.pid) ?? 0) - cpu0) / calls,
        dbMs: PgBackends.delta(db0, await backends.snapshot()).ms / calls,
      };
    };
    // The first call: every closed session's figures computed and stored.
    await db.delete(schema.statistiqueSession);
    const first = await measure(1);
    const [{ stored }] = (
      await pool.query<{ stored: number }>('SELECT count(*)::int AS stored FROM statistique_session')
    ).rows;
    opts.log(
      `   premier appel : ${round(first.times[0])} ms, CPU ${round(first.serverMs)} + ${round(first.dbMs)} ms, ${stored} sessions fermées gardées`,
    );
    for (let i = 0; i < WARMUP_CALLS; i++) await (await fetch(url, { headers })).arrayBuffer();
    const steady = await measure(CALLS);
    await backends.close();
    return {
      anneeDebut: closed[0],
      anneeFin: open,
      reused: fixture.reused,
      students: counts.students,
      dossiers: counts.dossiers,
      assignments: counts.assignments,
      departures: counts.departures,
      instalments: counts.instalments,
      prepareSeconds: round(fixture.seconds),
      prepareDbCpuSeconds: round((fixture.made?.dbCpuMs ?? 0) / 1000),
      cites: counts.cites,
      status: steady.status,
      bytes: steady.bytes,
      firstMs: round(first.times[0]),
      firstServerCpuMs: round(first.serverMs),
      firstDbCpuMs: round(first.dbMs),
      medianMs: round(median(steady.times)),
      maxMs: round(Math.max(...steady.times)),
      serverCpuMs: round(steady.serverMs),
      dbCpuMs: round(steady.dbMs),
    };
  } finally {
    await pool.end();
    await server.stop();
  }
}
