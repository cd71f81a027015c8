/**
 * The agency's statistics at national scale (PostgreSQL only, docs/benchmarks.md): the bench's
 * throw-away database grown to 100,000 students with an account (bench/lib/staff.ts), then five
 * closed academic years (2016-2017 to 2020-2021) written by the demo's own past-years seed
 * (src/server/seed/past-years.ts: every student deposits each year, the admitted housed in the
 * demo's 13 cités with departures and freed beds given again) and their instalments
 * (`issueMissingInstalments`, the product's own). Then, as GESTIONNAIRE_CENOU,
 * `GET campus/statistiques?anneeDebut=2016&anneeFin=2020` every direction: `CALLS` calls after a
 * warm-up, the median and the slowest to the last byte, and the server's and PostgreSQL's CPU time
 * a call.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../src/server/db/client';
import { withTransaction } from '../../src/server/db/transaction';
import * as schema from '../../src/server/db/schema';
import { issueMissingInstalments } from '../../src/server/modules/rent/service';
import { loadPastYears } from '../../src/server/seed/past-years';
import { hashPassword } from '../../src/server/security/passwords';
import { API_BASE, signin } from './api';
import { cpuMs, PgBackends } from './infra';
import { growDossiers } from './staff';

const CALLS = 20;
const WARMUP_CALLS = 3;
const YEARS = [2016, 2017, 2018, 2019, 2020];

export interface StatisticsReport {
  students: number;
  dossiersPerYear: number;
  assignments: number;
  departures: number;
  instalments: number;
  prepareSeconds: number;
  cites: number;
  status: number;
  bytes: number;
  medianMs: number;
  maxMs: number;
  serverCpuMs: number;
  dbCpuMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchStatistics(opts: {
  databaseUrl: string;
  dbName: string;
  baseUrl: string;
  pid: number | undefined;
  log: (line: string) => void;
}): Promise<StatisticsReport> {
  const started = Date.now();
  const growth = await growDossiers(opts.databaseUrl, 100_000);
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 });
  try {
    const db: Db = drizzle(pool, { schema });
    const past = await withTransaction(db, (tx) =>
      loadPastYears(tx, { annees: YEARS, directionsDe: 2026, partDeposants: 100 }),
    );
    const instalments = await issueMissingInstalments(db);
    await db.execute(sql`VACUUM ANALYZE`);
    const [{ n: cites }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.cite)
      .where(sql`deleted_at IS NULL`);
    const password = 'Banc-statistiques-2026';
    const userName = `banc.statistiques.${Date.now()}`;
    await db.execute(
      sql`INSERT INTO users (id_direction, user_name, nom, prenom, email, role, password_hash)
          VALUES (NULL, ${userName}, 'Banc', 'Statistiques', ${`${userName}@exemple.bf`},
                  'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU', ${await hashPassword(password)})`,
    );
    const prepareSeconds = Math.round((Date.now() - started) / 100) / 10;
    opts.log(
      `   préparé en ${prepareSeconds} s : ${growth.students} étudiants, ${past.dossiers} dossiers sur ${YEARS.length} ans, ` +
        `${past.affectations} affectations (${past.departs} départs), ${instalments} échéances`,
    );
    const token = await signin(opts.baseUrl, userName, password);
    const url = `${opts.baseUrl}${API_BASE}/campus/statistiques?anneeDebut=${YEARS[0]}&anneeFin=${YEARS[YEARS.length - 1]}`;
    const headers = { authorization: `Bearer ${token}` };
    for (let i = 0; i < WARMUP_CALLS; i++) await (await fetch(url, { headers })).arrayBuffer();
    const backends = new PgBackends(opts.databaseUrl, opts.dbName);
    await backends.open();
    const times: number[] = [];
    let status = 0;
    let bytes = 0;
    const cpu0 = cpuMs(opts.pid) ?? 0;
    const db0 = await backends.snapshot();
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      bytes = (await res.arrayBuffer()).byteLength;
      times.push(performance.now() - t0);
      status = res.status;
    }
    const cpu = (cpuMs(opts.pid) ?? 0) - cpu0;
    const dbMs = PgBackends.delta(db0, await backends.snapshot()).ms;
    await backends.close();
    const round = (x: number) => Math.round(x * 10) / 10;
    return {
      students: growth.students,
      dossiersPerYear: Math.round(past.dossiers / YEARS.length),
      assignments: past.affectations,
      departures: past.departs,
      instalments,
      prepareSeconds,
      cites,
      status,
      bytes,
      medianMs: round(median(times)),
      maxMs: round(Math.max(...times)),
      serverCpuMs: round(cpu / CALLS),
      dbCpuMs: round(dbMs / CALLS),
    };
  } finally {
    await pool.end();
  }
}
