/**
 * `npm run bench`: the real server (a child process started as `npm start` starts it, from the
 * bundle dist/server/main.mjs, rebuilt first when its sources changed; loopback, fresh data folder,
 * demo data) under autocannon, scenario by scenario; the exports timed to the last byte with the server's memory;
 * the light client read from dist/web; the targets of bench/targets.ts. Prints tables, writes
 * bench/results/latest.json. Exits 1 only when the harness itself fails (a missed target is FAIL).
 *
 * Environment: BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (100, public calls),
 * BENCH_DATABASE_URL (unset: PGlite; postgres://…: a fresh database on that server, dropped after; BENCH_KEEP_DATABASES=1 keeps it, and the stages' own, for a look afterwards),
 * BENCH_ONLY (comma-separated scenario ids, e.g. `ine-lookup,export`), BENCH_REGISTRY_SIZE (unset: the
 * demo's 3,000 students; e.g. 100000: the registry grown to that size through the CSV import first),
 * BENCH_DOSSIERS (PostgreSQL only: that many live dossiers inserted by SQL, bench/lib/staff.ts).
 * BENCH_CPU_PROF (a folder: the server's V8 CPU profile, written there when it stops).
 * The `assignment` scenario (PostgreSQL only) fills a generated cité of 6,000 beds (bench/lib/assignment.ts).
 * `BENCH_ONLY=client`: only the client (build weights per student route, Lighthouse mobile on five
 * routes: bench/lib/lighthouse.ts); `client-lighthouse` runs with every scenario unless BENCH_ONLY leaves it out.
 * Issue 22, the student on a weak network (docs/benchmarks.md): `weak-deposit`, `weak-deposit-reopen`,
 * `offline-open` (bench/lib/weak-network.ts), `photos-pdf` (bench/lib/photos-pdf.ts),
 * `client-installable` (bench/lib/lighthouse.ts), `tus-concurrency` (PostgreSQL only,
 * bench/lib/tus-concurrency.ts; BENCH_TUS_UPLOAD_BYTES). BENCH_LIGHTHOUSE_NO_SW=1 blocks the
 * service worker in Lighthouse's runs, to compare; BENCH_WEAK_CUTS=reset is a diagnostic.
 * Issue 23 (docs/benchmarks.md, "Opening day on several instances"): `ceilings` (bare node:http,
 * raw argon2id: bench/lib/ceilings.ts), `reference-304`, `season-1` and `season-2` (PostgreSQL only:
 * the season's journeys on one and two instances behind HAProxy, bench/lib/season.ts;
 * BENCH_SEASON_STEPS, BENCH_SEASON_STEP_SECONDS, BENCH_SEASON_CONNECTIONS), `db-cut` (PostgreSQL
 * only, bench/lib/db-cut.ts; BENCH_DB_CUT_SECONDS).
 * Issue 24 (docs/benchmarks.md, "SMS"): `sms-publication` and `sms-answers` (PostgreSQL only, a
 * database and servers of their own, bench/lib/sms.ts; BENCH_SMS_SIZE, BENCH_SMS_ANSWERS,
 * BENCH_SMS_WINDOW, BENCH_SMS_DOWN_SECONDS); `BENCH_ONLY=sms` runs both.
 * Issue 26: `webhooks` (bench/lib/webhooks.ts) and `rent` (PostgreSQL only: 6,000 assignments × 10
 * instalments, the arrears list's pages and XLSX, bench/lib/rent.ts).
 * Life in the cité (docs/benchmarks.md, "Life in the cité"): `cite-life-arrivals` and
 * `cite-life-repairs` (PostgreSQL only, two instances behind HAProxy, bench/lib/cite-life.ts;
 * BENCH_CITE_ARRIVALS, BENCH_CITE_RATE, BENCH_CITE_REPAIRS); `BENCH_ONLY=cite-life` runs both.
 * `ussd` (PostgreSQL only: sessions of four steps at BENCH_USSD_RATE a second, 200 by default, for
 * BENCH_USSD_SECONDS, bench/lib/ussd.ts); `weak-deposit-helper` (a helper's session through a
 * procuration on 3G, bench/lib/weak-network.ts); `availability` (the public status page and its
 * call: bytes on the wire, the server's CPU a call, bench/lib/availability.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import ExcelJS from 'exceljs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, API_BASE, readRegistry, registrationBody, signin, type RegistryStudent } from './lib/api';
import { analyseLightClient, studentRouteWeights, type LightClientReport } from './lib/light-client';
import {
  benchInstallability,
  benchLighthouse,
  type InstallabilityRun,
  type LighthouseRun,
} from './lib/lighthouse';
import { benchOfflineOpen, benchWeakDeposits } from './lib/weak-network';
import { benchTusConcurrency } from './lib/tus-concurrency';
import { benchWebhooks, type WebhooksReport } from './lib/webhooks';
import { benchPhotosPdf } from './lib/photos-pdf';
import { chooseCriteria, depositBody, prepareDepositors, PROOF_BYTES, PROOFS } from './lib/deposit';
import {
  benchDeliberation,
  deliberationTable,
  evaluateDeliberation,
  type DeliberationReport,
} from './lib/deliberation';
import { growRegistry, type GrowReport } from './lib/national';
import { benchIne, growDossiers } from './lib/staff';
import { benchAssignment, type AssignmentReport } from './lib/assignment';
import { benchRent, type RentReport } from './lib/rent';
import { benchStatistics, type StatisticsReport } from './lib/statistics';
import { runLoad, type LoadResult, type LoadSpec } from './lib/load';
import { argonCeiling, bareJsonCeiling, type Ceilings } from './lib/ceilings';
import { benchSeason, prepareSeasonStudents, seasonSteps, type SeasonReport } from './lib/season';
import { benchDbCut, type DbCutReport } from './lib/db-cut';
import { benchSms, evaluateSms, smsTable, type SmsReport } from './lib/sms';
import { benchRoomChoice, type RoomChoiceReport } from './lib/room-choice';
import { benchCiteLife, type CiteLifeReport } from './lib/cite-life';
import { benchUssd, type UssdReport } from './lib/ussd';
import { benchAvailability, type AvailabilityReport } from './lib/availability';
import { exportTable, lightClientTable, loadTable, seasonTable, targetsTable } from './lib/report';
import type { BenchMeta, BenchResults, ExportReport, ExportRun } from './lib/results';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  BENCH_LIMITS,
  createPgDatabase,
  JWT_SECRET,
  readRss,
  startServer,
  type BenchDatabase,
  type BenchServer,
} from './lib/server';
import { evaluateTargets } from './targets';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_DIR = path.join(ROOT, 'dist', 'web');
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');

function intEnv(name: string, def: number, min: number, max: number): number {
  const v = process.env[name];
  if (v === undefined || v.trim() === '') return def;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} doit être un entier entre ${min} et ${max} (reçu « ${v} »)`);
  return n;
}

const SECONDS = intEnv('BENCH_SECONDS', 10, 1, 120);
const WARMUP = intEnv('BENCH_WARMUP_SECONDS', 2, 0, 30);
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 100, 1, 1000);
const REGISTRY_SIZE = intEnv('BENCH_REGISTRY_SIZE', 0, 0, 500_000);
/** Students prepared for the deposit scenario: each deposits once (the run stops when they are used up). */
const DEPOSIT_STUDENTS = intEnv('BENCH_DEPOSIT_STUDENTS', 800, 20, 20_000);
const DEPOSIT_CONNECTIONS = 20;
const DOSSIERS = intEnv('BENCH_DOSSIERS', 0, 0, 500_000);
/** The deposit-list search: seven digits of the 4,217th synthetic student's INE, as staff type a fragment. */
const DOSSIER_Q = benchIne(4217).slice(4, 11);
const STAFF_CONNECTIONS = 10;
const ARGON_CONNECTIONS = 20;
/** Issue 23: the season's steps (journeys a second), each held this long; sockets held open. */
const SEASON_STEP_SECONDS = intEnv('BENCH_SEASON_STEP_SECONDS', 15, 3, 120);
const SEASON_CONNECTIONS = intEnv('BENCH_SEASON_CONNECTIONS', 1000, 10, 4000);
/** `season-1`: journeys made one at a time after the steps, each call charged its CPU (0: none). */
const SEASON_PER_CALL = intEnv('BENCH_SEASON_PER_CALL', 30, 0, 1000);
const DB_CUT_SECONDS = intEnv('BENCH_DB_CUT_SECONDS', 5, 1, 60);
const CONCURRENT_EXPORTS = 4;
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const wanted = (id: string) =>
  ONLY.size === 0 || ONLY.has(id) || [...ONLY].some((o) => id.startsWith(`${o}-`));

const toMb = (bytes: number | undefined | null) =>
  bytes === undefined || bytes === null ? null : Math.round((bytes / 1024 / 1024) * 10) / 10;
const log = (s = '') => process.stdout.write(`${s}\n`);

/** One GET read to its last byte, timed, with the server's memory sampled every 20 ms meanwhile. */
function timedGet(
  url: string,
  headers: Record<string, string>,
  pid: number | undefined,
  timeoutMs = 60_000,
): Promise<ExportRun> {
  return new Promise((resolve, reject) => {
    const before = readRss(pid);
    let peak = before?.rss ?? 0;
    const sampler = setInterval(() => {
      const m = readRss(pid);
      if (m && m.rss > peak) peak = m.rss;
    }, 20);
    const started = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
    let ttfb = -1;
    let bytes = 0;
    let newlines = 0;
    // An XLSX is zipped: its rows are counted by reading it back once it is whole (after the timing).
    let xlsx: Buffer[] | null = null;
    const done = async (err: Error | null, status = 0) => {
      clearInterval(sampler);
      if (err) return reject(err);
      const after = readRss(pid);
      if (after && after.rss > peak) peak = after.rss;
      const total = ms();
      let rows = Math.max(0, newlines - 1);
      if (xlsx) {
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(Buffer.concat(xlsx) as unknown as ArrayBuffer);
        rows = Math.max(0, (book.worksheets[0]?.actualRowCount ?? 1) - 1);
      }
      resolve({
        path: new URL(url).pathname + new URL(url).search,
        status,
        ttfbMs: Math.round(ttfb < 0 ? ms() : ttfb),
        ttlbMs: Math.round(total),
        bytes,
        rows,
        rssBeforeMb: toMb(before?.rss),
        rssPeakMb: before ? toMb(peak) : null,
        rssAfterMb: toMb(after?.rss),
      });
    };
    const req = http.get(url, { headers, timeout: timeoutMs }, (res) => {
      if (String(res.headers['content-type']).includes('spreadsheetml')) xlsx = [];
      res.on('data', (chunk: Buffer) => {
        if (ttfb < 0) ttfb = ms();
        bytes += chunk.length;
        if (xlsx) xlsx.push(chunk);
        else for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++;
      });
      res.on('end', () => void done(null, res.statusCode ?? 0).catch(reject));
      res.on('error', (e) => void done(e));
    });
    req.on('timeout', () => req.destroy(new Error(`délai dépassé (${timeoutMs} ms) : ${url}`)));
    req.on('error', (e) => void done(e));
  });
}

/** Status, Content-Encoding and size of one static file as a phone asking for brotli gets it. */
function probeEncoding(url: string): Promise<BenchMeta['staticEncoding'][number]> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': 'br, gzip' }, timeout: 10_000 }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () =>
        resolve({
          path: new URL(url).pathname,
          status: res.statusCode ?? 0,
          contentEncoding: (res.headers['content-encoding'] as string | undefined) ?? null,
          bytes,
        }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`délai dépassé : ${url}`)));
    req.on('error', reject);
  });
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 5_000,
    }).trim();
  } catch {
    return null;
  }
}

/** The statistics' stage (bench/lib/statistics.ts): its fixture's database kept on the server of BENCH_DATABASE_URL. */
async function runStatistics(pgUrl: string): Promise<StatisticsReport> {
  log('\n== statistics : 5 années × 13 cités, 100 000 dossiers par an');
  const statistics = await benchStatistics({ adminUrl: pgUrl, log });
  log(`== statistics : ${JSON.stringify(statistics)}`);
  return statistics;
}

/** What a run says of itself and of its machine, the same for a whole run and a stage alone. */
function runMeta(loadBefore: number[], database: 'postgresql' | 'pglite') {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    git: gitCommit(),
    node: process.version,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? '?',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    loadAverageBefore: loadBefore.map((l) => Math.round(l * 100) / 100),
    loadAverageAfter: os.loadavg().map((l) => Math.round(l * 100) / 100),
    database,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    publicConnections: CONNECTIONS,
  };
}

/** The results of a run of the statistics alone: no load scenario, no export, the other targets skipped. */
function statisticsOnlyResults(
  statistics: StatisticsReport,
  lightClient: LightClientReport,
  loadBefore: number[],
): BenchResults {
  const results: BenchResults = {
    meta: {
      ...runMeta(loadBefore, 'postgresql'),
      serverStartSeconds: 0,
      serverRssAfterStartMb: null,
      serverRssHighWaterMb: null,
      demo: { students: statistics.students, lookupStudents: 0, beds: null },
      env: { ...BENCH_LIMITS, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
      staticEncoding: [],
    },
    scenarios: [],
    exports: null,
    lightClient,
    statistics,
    targets: [],
  };
  results.targets = evaluateTargets(results).filter((t) => t.id.startsWith('statistics.'));
  return results;
}

async function main(): Promise<number> {
  const pgUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
  const cpus = os.cpus();
  log(
    `== Banc d'essai CENOU : ${cpus.length} cœurs (${cpus[0]?.model ?? '?'}), Node ${process.version}, base ${pgUrl ? 'PostgreSQL' : 'PGlite'}`,
  );
  log(
    `   ${SECONDS} s par scénario (+${WARMUP} s de chauffe), ${CONNECTIONS} connexions pour les appels publics`,
  );
  log(
    `   Chiffres bruités : d'autres processus peuvent occuper ces cœurs (charge moyenne ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}).`,
  );

  // The build is read right after scripts/build-web.mjs, before anything else can rebuild it.
  const lightClient = analyseLightClient(WEB_DIR);
  const loadBefore = os.loadavg();

  let database: BenchDatabase | undefined;
  let server: BenchServer | undefined;
  const cleanup = async () => {
    const s = server;
    server = undefined;
    if (s) await s.stop().catch((e: unknown) => log(`arrêt du serveur : ${(e as Error).message}`));
    const d = database;
    database = undefined;
    if (d)
      await d.drop().catch((e: unknown) => log(`suppression de la base ${d.name} : ${(e as Error).message}`));
  };
  const onSignal = (signal: NodeJS.Signals) => {
    log(`\n${signal} reçu : arrêt du serveur de banc d'essai.`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    // The statistics alone: their own server on their kept database, no other (bench/lib/statistics.ts).
    if (ONLY.size === 1 && ONLY.has('statistics')) {
      if (!pgUrl) {
        log('\n== statistics : ignoré (PostgreSQL seulement : BENCH_DATABASE_URL)');
        return 0;
      }
      const statistics = await runStatistics(pgUrl);
      const results = statisticsOnlyResults(statistics, lightClient, loadBefore);
      log('\n== Objectifs (bench/targets.ts)');
      log(targetsTable(results));
      mkdirSync(RESULTS_DIR, { recursive: true });
      writeFileSync(
        path.join(RESULTS_DIR, 'latest-statistics.json'),
        `${JSON.stringify(results, null, 2)}\n`,
      );
      log(`Résultats : ${path.relative(ROOT, path.join(RESULTS_DIR, 'latest-statistics.json'))}`);
      // A miss never fails the command (the harness's rule).
      return 0;
    }
    if (pgUrl) {
      database = await createPgDatabase(pgUrl);
      log(`   base PostgreSQL créée pour ce passage : ${database.name}`);
    }
    log('\n== Démarrage du serveur (migrations, données de démonstration)…');
    // BENCH_PORT: a port of one's own for the main server on a machine shared with others.
    server = await startServer({
      databaseUrl: database?.url,
      port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
    });
    const srv = server;
    const rssStart = readRss(srv.pid);
    log(
      `   prêt en ${srv.startSeconds.toFixed(1)} s sur ${srv.baseUrl} (pid ${srv.pid}, RSS ${toMb(rssStart?.rss) ?? '?'} Mo)`,
    );

    const token = await signin(srv.baseUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    const registryTotal = async () =>
      Number(
        (await api(srv.baseUrl, 'GET', 'campus/registre-etudiant?page=0&size=1', { token })).headers.get(
          'x-total-count',
        ) ?? NaN,
      );
    let growth: GrowReport | undefined;
    if (REGISTRY_SIZE > 0) {
      log(`   registre porté à ${REGISTRY_SIZE} étudiants par l'import CSV…`);
      growth = await growRegistry(srv.baseUrl, token, await registryTotal(), REGISTRY_SIZE);
      log(`   ${growth.added} étudiants importés en ${growth.seconds} s (${growth.rowsPerSecond} lignes/s)`);
    }
    if (DOSSIERS > 0 && database) {
      log(`   ${DOSSIERS} dossiers insérés par SQL (bench/lib/staff.ts)…`);
      const g = await growDossiers(database.url, DOSSIERS);
      log(`   ${g.dossiers} dossiers, ${g.students} étudiants en ${g.seconds} s`);
    }
    const total = await registryTotal();
    // The look-ups use at most the first 20,000 students (100 pages of 200).
    const students: RegistryStudent[] = await readRegistry(srv.baseUrl, token);
    if (!students.length)
      throw new Error('registre vide : les données de démonstration ne sont pas chargées');
    const bedsRes = await api<unknown[]>(srv.baseUrl, 'GET', 'campus/lit?page=0&size=1', { token });
    const beds = Number(bedsRes.headers.get('x-total-count') ?? NaN);
    log(
      `   ${total} étudiants au registre (${students.length} pour les recherches par INE), ${Number.isFinite(beds) ? beds : '?'} lits`,
    );
    const lastPage = Math.max(0, Math.floor((total - 1) / 50));

    const staticEncoding = [
      await probeEncoding(`${srv.baseUrl}/`),
      await probeEncoding(`${srv.baseUrl}/${lightClient.entryScript}`),
    ];

    // ---- Load scenarios, one after the other.
    const api$ = (route: string) => `${API_BASE}/${route}`;
    let next = 0;
    // The look-up of a student who has no account yet (the first step of a registration): one
    // who has an account answers 409, which is not the path this scenario measures. Asked of the
    // list with its own filter, so that a registry grown past the pages read above (where the
    // students with an account may fill them) still gives students without one; the flag checked
    // again, should the filter ever be ignored.
    const lookupPool = (await readRegistry(srv.baseUrl, token, 100, 'compte=false')).filter((s) => !s.compte);
    if (!lookupPool.length) throw new Error('aucun étudiant sans compte pour la recherche par INE');
    const lookup = (i: number) => {
      const s = lookupPool[i % lookupPool.length];
      return api$(
        `campus-auth/hebergement-etudiant/${encodeURIComponent(s.ine)}?dateNaissance=${s.dateNaissance}`,
      );
    };
    // Students without an account, from the end of the registry's first pages: the stages that
    // register students themselves (weak-network, offline-open, client-lighthouse) take theirs from
    // its start (`compte=false`), so the registration scenario leaves them some (issue 23: a whole
    // run on PostgreSQL stopped at Lighthouse, every student of its first pages registered).
    const unregistered = students.filter((s) => !s.compte).reverse();
    let nextReg = 0;
    const specs: LoadSpec[] = [
      {
        id: 'health',
        title: 'Santé (SELECT 1)',
        path: '/service/api/health',
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
      },
      {
        id: 'static-index',
        title: 'GET / (index.html, br)',
        path: '/',
        headers: { 'accept-encoding': 'br' },
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
      },
      {
        id: 'static-entry-js',
        title: 'JS d’entrée (br)',
        path: `/${lightClient.entryScript}`,
        headers: { 'accept-encoding': 'br' },
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
      },
      {
        id: 'ine-lookup',
        title: `Recherche publique par INE (${lookupPool.length} étudiants sans compte, différents)`,
        path: lookup(0),
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: lookup(next++) }) }],
      },
      {
        id: 'staff-lit',
        title: 'Liste des lits, page de 50',
        path: api$('campus/lit?page=0&size=50'),
        headers: auth,
        connections: STAFF_CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
      },
      {
        id: 'staff-registre-q',
        title: 'Registre, recherche « oue », page de 50',
        path: api$('campus/registre-etudiant?page=0&size=50&q=oue'),
        headers: auth,
        connections: STAFF_CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
      },
      {
        id: 'staff-registre-last',
        title: `Registre, dernière page de 50 (page ${lastPage})`,
        path: api$(`campus/registre-etudiant?page=${lastPage}&size=50`),
        headers: auth,
        connections: STAFF_CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
      },
      // Issue 9: the deposit list (search by a fragment of INE, last page), the dashboard.
      ...(
        [
          [
            'staff-dossier-q',
            `Dossiers, recherche « ${DOSSIER_Q} » (fragment d'INE), page de 50`,
            `campus/dossier?page=0&size=50&q=${DOSSIER_Q}`,
          ],
          ['staff-dossier-last', 'Dossiers, page 1999 de 50', 'campus/dossier?page=1999&size=50'],
          ['staff-dash', 'Tableau de bord, toutes directions', 'campus/dash-board'],
        ] as const
      ).map(([id, title, route]): LoadSpec => ({
        id,
        title,
        path: api$(route),
        headers: auth,
        connections: STAFF_CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
      })),
      {
        id: 'staff-cite',
        title: 'Liste des cités (non paginée)',
        path: api$('campus/cite'),
        headers: auth,
        connections: STAFF_CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
      },
      {
        id: 'signin',
        title: 'Connexion (argon2id)',
        path: api$('campus-auth/signin'),
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
        connections: ARGON_CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
        note: 'bornée par argon2id (19 Mio, t=2) : voulu',
      },
      {
        id: 'registration',
        title: 'Création de compte par INE (argon2id + transaction + courriel en file)',
        path: api$('campus-auth/hebergement-etudiant'),
        method: 'POST',
        connections: ARGON_CONNECTIONS,
        seconds: SECONDS,
        amount: unregistered.length,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const i = nextReg++;
              const s = unregistered[i % unregistered.length];
              return {
                ...req,
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(registrationBody(s, `bench.${i}@example.bf`)),
              };
            },
          },
        ],
        note: 'un compte par étudiant : chaque requête prend un INE encore libre',
      },
    ];

    // The deposit: PostgreSQL only (its students are prepared in the bench's own database).
    let depositPrepare: BenchMeta['deposit'];
    if (wanted('deposit')) {
      if (!database) {
        log(
          '\n== deposit : ignoré (PostgreSQL seulement : BENCH_DATABASE_URL prépare ses étudiants dans la base du banc)',
        );
      } else {
        log(
          `\n== deposit : ${DEPOSIT_STUDENTS} étudiants de Ouagadougou avec un compte, connectés par l'API…`,
        );
        const prepared = await prepareDepositors(database.url, srv.baseUrl, DEPOSIT_STUDENTS);
        const entries = await chooseCriteria(srv.baseUrl, prepared.tokens[0], prepared.ines[0]);
        const { body, contentType } = depositBody(entries);
        depositPrepare = {
          students: prepared.ines.length,
          prepareSeconds: Math.round(prepared.prepareSeconds * 10) / 10,
          bodyBytes: body.length,
          criteria: entries.map((e) => e.idCritere),
        };
        log(
          `   prêts en ${depositPrepare.prepareSeconds} s ; corps multipart de ${(body.length / 1e6).toFixed(2)} Mo (${PROOFS} PDF de ${PROOF_BYTES / 1e6} Mo)`,
        );
        let nextDeposit = 0;
        specs.push({
          id: 'deposit',
          title: `Dépôt de dossier, multipart, ${PROOFS} justificatifs PDF de 1 Mo (un étudiant différent par requête)`,
          path: api$('campus/dossier'),
          method: 'PUT',
          connections: DEPOSIT_CONNECTIONS,
          seconds: SECONDS,
          amount: prepared.tokens.length,
          requests: [
            {
              method: 'PUT',
              setupRequest: (req) => ({
                ...req,
                headers: {
                  'content-type': contentType,
                  authorization: `Bearer ${prepared.tokens[nextDeposit++ % prepared.tokens.length]}`,
                },
                body,
              }),
            },
          ],
          note: 'chaque requête : un étudiant sans dossier, session OUVERT en INSCRIPTION ; fichiers écrits sous DATA_DIR/documents',
        });
      }
    }

    const scenarios: LoadResult[] = [];
    for (const spec of specs) {
      if (!wanted(spec.id)) continue;
      log(`\n== ${spec.id} : ${spec.title} (${spec.connections} connexions, ${SECONDS} s)`);
      await srv.loopDelay();
      let peak = readRss(srv.pid)?.rss ?? 0;
      const sampler = setInterval(() => {
        const m = readRss(srv.pid);
        if (m && m.rss > peak) peak = m.rss;
      }, 50);
      let result: LoadResult;
      try {
        result = await runLoad(srv.baseUrl, spec);
      } finally {
        clearInterval(sampler);
      }
      result.eventLoopMs = await srv.loopDelay();
      result.serverRssAfterMb = toMb(readRss(srv.pid)?.rss) ?? undefined;
      result.serverRssPeakMb = toMb(peak || null) ?? undefined;
      scenarios.push(result);
      log(loadTable([result]).split('\n').slice(2).join('\n'));
      if (srv.child.exitCode !== null)
        throw new Error(`le serveur s'est arrêté pendant ${spec.id} :\n${srv.logs.join('')}`);
    }

    // ---- Issue 23: the machine's ceilings, the reference list answered 304, the season on one and
    // two instances, the database cut (bench/lib/ceilings.ts, season.ts, db-cut.ts).
    const ceilings: Ceilings = {};
    if (wanted('ceilings')) {
      log('\n== ceilings : argon2id brut (réglages du projet), node:http nu avec le JSON des cités');
      ceilings.argon2 = await argonCeiling();
      log(
        `   argon2id : ${ceilings.argon2.oneCorePerSecond} vérifications/s sur un cœur, ${ceilings.argon2.allCoresPerSecond}/s à ${ceilings.argon2.concurrency} à la fois`,
      );
    }
    const citeRes = await fetch(`${srv.baseUrl}${api$('campus/cite')}`, { headers: auth });
    const citeBody = Buffer.from(await citeRes.arrayBuffer());
    const citeTag = citeRes.headers.get('etag');
    if (wanted('ceilings')) {
      ceilings.bareJson = await bareJsonCeiling(citeBody, CONNECTIONS, SECONDS, WARMUP);
      log(
        `   node:http nu, ${citeBody.length} o : ${ceilings.bareJson.rps} req/s, p99 ${ceilings.bareJson.latencyMs.p99} ms (${CONNECTIONS} connexions)`,
      );
    }
    if (wanted('reference-304')) {
      if (!citeTag) log('\n== reference-304 : ignoré (campus/cite ne donne pas d’ETag)');
      else {
        const spec: LoadSpec = {
          id: 'reference-304',
          title: 'Liste des cités revalidée (If-None-Match → 304)',
          path: api$('campus/cite'),
          headers: { ...auth, 'if-none-match': citeTag },
          connections: CONNECTIONS,
          seconds: SECONDS,
          warmupSeconds: WARMUP,
          note: 'décision 028 : réponse sans lecture de la base tant qu’elle ne signale aucun changement',
        };
        log(`\n== ${spec.id} : ${spec.title} (${spec.connections} connexions, ${SECONDS} s)`);
        await srv.loopDelay();
        const result = await runLoad(srv.baseUrl, spec);
        result.eventLoopMs = await srv.loopDelay();
        scenarios.push(result);
        log(loadTable([result]).split('\n').slice(2).join('\n'));
      }
    }
    const season: SeasonReport[] = [];
    const steps = seasonSteps();
    for (const [id, instances, prefix] of [
      ['season-1', 1, 'SA'],
      ['season-2', 2, 'SB'],
    ] as const) {
      if (!wanted(id)) continue;
      if (!database) {
        log(`\n== ${id} : ignoré (PostgreSQL seulement : BENCH_DATABASE_URL)`);
        continue;
      }
      log(
        `\n== ${id} : la saison, ${instances} instance(s) derrière HAProxy, arrivées ${steps.join(', ')} parcours/s × ${SEASON_STEP_SECONDS} s, ${SEASON_CONNECTIONS} connexions`,
      );
      season.push(
        await benchSeason({
          id,
          instances,
          databaseUrl: database.url,
          dbName: database.name,
          prefix,
          steps,
          stepSeconds: SEASON_STEP_SECONDS,
          connections: SEASON_CONNECTIONS,
          otherMailDirs: [path.join(srv.dataDir, 'mail')],
          perCallJourneys: id === 'season-1' ? SEASON_PER_CALL : 0,
          log,
        }),
      );
    }
    let dbCut: DbCutReport | undefined;
    if (wanted('db-cut')) {
      if (!database) log('\n== db-cut : ignoré (PostgreSQL seulement : BENCH_DATABASE_URL)');
      else {
        log(`\n== db-cut : base coupée ${DB_CUT_SECONDS} s sous une charge de lectures (proxy TCP du banc)`);
        dbCut = await benchDbCut({
          databaseUrl: database.url,
          students: await prepareSeasonStudents(database.url, 'SC', 300),
          cutSeconds: DB_CUT_SECONDS,
          log,
        });
      }
    }

    // ---- Exports, timed to the last byte.
    let exports: ExportReport | null = null;
    if (wanted('export')) {
      log('\n== export : tous les lits en CSV (seul ×3, puis ×4 à la fois), et le registre');
      const litUrl = `${srv.baseUrl}${api$('campus/lit?format=csv')}`;
      const sequential: ExportRun[] = [];
      for (let i = 0; i < 3; i++) sequential.push(await timedGet(litUrl, auth, srv.pid));
      const before = readRss(srv.pid);
      let peak = before?.rss ?? 0;
      const sampler = setInterval(() => {
        const m = readRss(srv.pid);
        if (m && m.rss > peak) peak = m.rss;
      }, 20);
      const t0 = Date.now();
      let runs: ExportRun[];
      try {
        runs = await Promise.all(
          Array.from({ length: CONCURRENT_EXPORTS }, () => timedGet(litUrl, auth, srv.pid)),
        );
      } finally {
        clearInterval(sampler);
      }
      const wallMs = Date.now() - t0;
      // The registry may be national-size (BENCH_REGISTRY_SIZE): bounded at 5 minutes, a miss is a result.
      const registryPath = api$('campus/registre-etudiant?format=csv');
      const registry = await timedGet(`${srv.baseUrl}${registryPath}`, auth, srv.pid, 300_000).catch(
        (err: unknown): ExportRun => ({
          path: registryPath,
          status: 0,
          ttfbMs: -1,
          ttlbMs: 300_000,
          bytes: 0,
          rows: 0,
          rssBeforeMb: null,
          rssPeakMb: null,
          rssAfterMb: null,
          error: (err as Error).message,
        }),
      );
      exports = {
        sequential,
        concurrent: {
          count: CONCURRENT_EXPORTS,
          wallMs,
          runs,
          rssBeforeMb: toMb(before?.rss),
          rssPeakMb: before ? toMb(peak) : null,
        },
        registry,
      };
    }

    // Issue 9: the XLSX export of every dossier, timed to the last byte with the server's memory.
    // The rows it must hold: the list's own total (X-Total-Count), read just before.
    const staffExport = wanted('staff-export')
      ? {
          expectedRows: Number(
            (
              await fetch(`${srv.baseUrl}${api$('campus/dossier?page=0&size=1')}`, { headers: auth })
            ).headers.get('x-total-count'),
          ),
          ...(await timedGet(`${srv.baseUrl}${api$('campus/dossier?format=xlsx')}`, auth, srv.pid, 300_000)),
        }
      : undefined;
    if (staffExport) log(`\n== staff-export : ${JSON.stringify(staffExport)}`);
    // Issue 22: the student on a weak network (bench/lib/weak-network.ts, bench/lib/tus-concurrency.ts).
    const weakNetwork: NonNullable<BenchResults['weakNetwork']> = {};
    const weakIds = (['weak-deposit', 'weak-deposit-reopen', 'weak-deposit-helper'] as const).filter((id) =>
      wanted(id),
    );
    if (weakIds.length) {
      weakNetwork.deposits = await benchWeakDeposits({
        baseUrl: srv.baseUrl,
        dataDir: srv.dataDir,
        adminToken: token,
        which: [...weakIds],
        log,
      });
    }
    if (wanted('offline-open')) {
      log('\n== offline-open : pages ouvertes hors ligne après une visite (service worker installé)');
      weakNetwork.offlineOpen = await benchOfflineOpen({
        baseUrl: srv.baseUrl,
        dataDir: srv.dataDir,
        adminToken: token,
        log,
      });
    }
    if (wanted('tus-concurrency')) {
      if (!database) log('\n== tus-concurrency : ignoré (PostgreSQL seulement : BENCH_DATABASE_URL)');
      else {
        log('\n== tus-concurrency : 200 téléversements tus à la fois (1 Mo par défaut)');
        weakNetwork.tusConcurrency = await benchTusConcurrency({
          baseUrl: srv.baseUrl,
          databaseUrl: database.url,
          pid: srv.pid,
          log,
        });
      }
    }
    if (wanted('photos-pdf')) {
      log('\n== photos-pdf : trois photos de téléphone en un PDF, CPU ralenti 4×');
      weakNetwork.photosPdf = await benchPhotosPdf({
        baseUrl: srv.baseUrl,
        dataDir: srv.dataDir,
        adminToken: token,
        log,
      });
    }
    // The public status page and its call: bytes on the wire, the server's CPU a call.
    let availability: AvailabilityReport | undefined;
    if (wanted('availability')) {
      log(`\n== availability : page d’état du service et son appel (10 connexions, ${SECONDS} s chacun)`);
      availability = await benchAvailability({
        baseUrl: srv.baseUrl,
        pid: srv.pid,
        connections: 10,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
        log,
      });
    }
    // The USSD menu: sessions of four steps at a fixed rate, each from its own verified phone.
    let ussd: UssdReport | undefined;
    if (wanted('ussd')) {
      if (!database) log('\n== ussd : ignoré (PostgreSQL seulement : BENCH_DATABASE_URL)');
      else {
        const rate = intEnv('BENCH_USSD_RATE', 200, 1, 2000);
        const seconds = intEnv('BENCH_USSD_SECONDS', SECONDS, 1, 120);
        log(
          `\n== ussd : ${rate} sessions/s de 4 écrans pendant ${seconds} s (+${WARMUP} s de chauffe), un téléphone vérifié par session`,
        );
        ussd = await benchUssd({
          baseUrl: srv.baseUrl,
          databaseUrl: database.url,
          dbName: database.name,
          pid: srv.pid,
          jwtSecret: JWT_SECRET,
          rate,
          seconds,
          warmupSeconds: WARMUP,
          log,
        });
      }
    }
    // Issue 26: mobile-money webhooks, 20 deliveries at once of each of 1,000 notifications.
    let webhooks: WebhooksReport | undefined;
    if (wanted('webhooks')) {
      if (!database) log('\n== webhooks : ignoré (PostgreSQL seulement : BENCH_DATABASE_URL)');
      else {
        log('\n== webhooks : 20 livraisons simultanées de chacune de 1 000 notifications de paiement');
        webhooks = await benchWebhooks({
          baseUrl: srv.baseUrl,
          databaseUrl: database.url,
          jwtSecret: JWT_SECRET,
          log,
        });
      }
    }
    let installability: InstallabilityRun[] | undefined;
    if (wanted('client-installable')) {
      log('\n== client-installable : Page.getInstallabilityErrors sur les routes de l’étudiant');
      installability = await benchInstallability({
        baseUrl: srv.baseUrl,
        dataDir: srv.dataDir,
        adminToken: token,
        tmpDir: path.join(ROOT, '.test-output', 'lighthouse-tmp'),
        log,
      });
    }
    if (installability) weakNetwork.installability = installability;

    // Lighthouse mobile on the student's five routes (bench/lib/lighthouse.ts), server otherwise idle.
    let lighthouseRuns: LighthouseRun[] | undefined;
    if (wanted('client-lighthouse')) {
      log('\n== client-lighthouse : Lighthouse mobile, performance et accessibilité');
      lighthouseRuns = await benchLighthouse({
        baseUrl: srv.baseUrl,
        dataDir: srv.dataDir,
        adminToken: token,
        tmpDir: path.join(ROOT, '.test-output', 'lighthouse-tmp'),
        log,
      });
    }

    // Deliberation at national scale (PostgreSQL only: bench/lib/deliberation.ts). Last, with the
    // assignment: its publication queues a mail per candidate (100,000), and the stages that read a
    // student's mailed password would wait behind them.
    let deliberation: DeliberationReport | null = null;
    if (wanted('deliberation') && database) {
      log('\n== délibération : aperçu, publication et liste des admis XLSX');
      deliberation = await benchDeliberation({
        baseUrl: srv.baseUrl,
        token,
        databaseUrl: database.url,
        pid: srv.pid,
        size: intEnv('BENCH_DELIBERATION_SIZE', 100_000, 100, 500_000),
        // BENCH_DELIBERATION_RULES=0: the fixture without the agency's rules (docs/benchmarks.md).
        rules: process.env.BENCH_DELIBERATION_RULES !== '0',
        log,
      });
    }

    // Issue 24: the result SMS of one publication through SMPP, then answers by SMS (bench/lib/sms.ts).
    let sms: SmsReport | undefined;
    const smsIds = (['sms-publication', 'sms-answers'] as const).filter((id) => wanted(id));
    if (smsIds.length) {
      if (!pgUrl) log('\n== sms : ignoré (PostgreSQL seulement : BENCH_DATABASE_URL)');
      else {
        log(
          '\n== sms : SMS de résultat d’une publication par SMPP (centre coupé puis rétabli), réponses OUI',
        );
        sms = await benchSms({
          adminUrl: pgUrl,
          size: intEnv('BENCH_SMS_SIZE', 100_000, 100, 500_000),
          answers: intEnv('BENCH_SMS_ANSWERS', 1000, 10, 20_000),
          window: intEnv('BENCH_SMS_WINDOW', 10, 1, 100),
          downSeconds: intEnv('BENCH_SMS_DOWN_SECONDS', 3, 0, 60),
          which: [...smsIds],
          log,
        });
      }
    }

    // Room choice: the free rooms of a cité of 2,500 beds, then one slot of 500 students on two
    // instances behind HAProxy (bench/lib/room-choice.ts).
    let roomChoice: RoomChoiceReport | undefined;
    const rcIds = (['room-choice-rooms', 'room-choice-lighthouse', 'room-choice-slot'] as const).filter(
      (id) => wanted(id),
    );
    if (rcIds.length) {
      if (!database) log('\n== room-choice : ignoré (PostgreSQL seulement : BENCH_DATABASE_URL)');
      else {
        log(
          '\n== room-choice : chambres libres d’une cité de 2 500 lits, un créneau de 500 étudiants sur deux instances',
        );
        roomChoice = await benchRoomChoice({
          databaseUrl: database.url,
          dbName: database.name,
          jwtSecret: JWT_SECRET,
          which: [...rcIds],
          tmpDir: path.join(ROOT, '.test-output', 'lighthouse-tmp'),
          students: intEnv('BENCH_RC_STUDENTS', 500, 8, 5000),
          groups: intEnv('BENCH_RC_GROUPS', 50, 0, 1000),
          spreadSeconds: intEnv('BENCH_RC_SPREAD_SECONDS', 60, 1, 600),
          basePort: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + 1 : undefined,
          log,
        });
      }
    }

    // Life in the cité: the arrival week's inventories with their photos, on two instances behind
    // HAProxy, then 50,000 repair requests: their list, the repairs job, their XLSX (bench/lib/cite-life.ts).
    let citeLife: CiteLifeReport | undefined;
    const clIds = (['cite-life-arrivals', 'cite-life-repairs'] as const).filter((id) => wanted(id));
    if (clIds.length) {
      if (!database) log('\n== cite-life : ignoré (PostgreSQL seulement : BENCH_DATABASE_URL)');
      else {
        const arrivals = intEnv('BENCH_CITE_ARRIVALS', 30, 1, 6000);
        const perMinute = intEnv('BENCH_CITE_RATE', 10, 1, 600);
        const repairs = intEnv('BENCH_CITE_REPAIRS', 50_000, 100, 500_000);
        log(
          `\n== cite-life : ${arrivals} états des lieux d’entrée (12 éléments, 24 photos de 300 Ko) à ${perMinute}/min sur deux instances ; ${repairs} demandes d’intervention`,
        );
        citeLife = await benchCiteLife({
          databaseUrl: database.url,
          dbName: database.name,
          jwtSecret: JWT_SECRET,
          which: [...clIds],
          arrivals,
          perMinute,
          repairs,
          basePort: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + 1 : undefined,
          log,
        });
      }
    }

    // Issue 12: the automatic assignment of 6,000 students, then 50 requests at once on one cité.
    let assignment: AssignmentReport | undefined;
    if (wanted('assignment')) {
      if (!database) log('\n== assignment : ignoré (PostgreSQL seulement : BENCH_DATABASE_URL)');
      else {
        assignment = await benchAssignment(database.url, srv.baseUrl, token);
        log(`\n== assignment : ${JSON.stringify(assignment)}`);
      }
    }

    // Issue 26: the arrears list and its XLSX at 6,000 assignments × 10 instalments (bench/lib/rent.ts).
    let rent: RentReport | undefined;
    if (wanted('rent')) {
      if (!database) log('\n== rent : ignoré (PostgreSQL seulement : BENCH_DATABASE_URL)');
      else {
        log('\n== rent : 6 000 affectations × 10 échéances, liste des arriérés et son XLSX');
        rent = await benchRent({
          databaseUrl: database.url,
          dbName: database.name,
          baseUrl: srv.baseUrl,
          adminToken: token,
          pid: srv.pid,
          log,
        });
      }
    }

    // The agency's statistics over 5 years × 13 cités at national scale (bench/lib/statistics.ts).
    let statistics: StatisticsReport | undefined;
    if (wanted('statistics')) {
      if (!pgUrl) log('\n== statistics : ignoré (PostgreSQL seulement : BENCH_DATABASE_URL)');
      else statistics = await runStatistics(pgUrl);
    }

    const hwm = readRss(srv.pid);
    const pgStats = database ? await database.stats().catch(() => undefined) : undefined;
    const results: BenchResults = {
      meta: {
        ...runMeta(loadBefore, pgUrl ? 'postgresql' : 'pglite'),
        serverStartSeconds: Math.round(srv.startSeconds * 10) / 10,
        serverRssAfterStartMb: toMb(rssStart?.rss),
        serverRssHighWaterMb: toMb(hwm?.hwm),
        demo: {
          students: total,
          lookupStudents: students.length,
          beds: Number.isFinite(beds) ? beds : null,
          growth,
        },
        deposit: depositPrepare,
        env: { ...BENCH_LIMITS, DEMO_DATA: '1', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
        staticEncoding,
        pgStats,
      },
      scenarios,
      exports,
      deliberation,
      lightClient,
      targets: [],
      ...(staffExport ? { staffExport } : {}),
      ...(assignment ? { assignment } : {}),
      studentRoutes: studentRouteWeights(lightClient),
      ...(lighthouseRuns ? { lighthouse: lighthouseRuns } : {}),
      ...(Object.keys(weakNetwork).length ? { weakNetwork } : {}),
      ...(webhooks ? { webhooks } : {}),
      ...(rent ? { rent } : {}),
      ...(statistics ? { statistics } : {}),
      ...(Object.keys(ceilings).length ? { ceilings } : {}),
      ...(season.length ? { season } : {}),
      ...(dbCut ? { dbCut } : {}),
      ...(sms ? { sms } : {}),
      ...(roomChoice ? { roomChoice } : {}),
      ...(citeLife ? { citeLife } : {}),
      ...(ussd ? { ussd } : {}),
      ...(availability ? { availability } : {}),
    };
    results.targets = [...evaluateTargets(results), ...evaluateDeliberation(results), ...evaluateSms(sms)];

    log('\n== Charge (autocannon)');
    log(loadTable(scenarios));
    if (season.length || results.ceilings)
      log(`\n== Ouverture de la saison (issue 23)\n${seasonTable(results)}`);
    log('\n== Exports');
    log(exportTable(results));
    if (deliberation) log(`\n== Délibération\n${deliberationTable(deliberation)}`);
    if (sms) log(`\n== SMS (issue 24)\n${smsTable(sms)}`);
    log('\n== Client léger (dist/web)');
    log(lightClientTable(lightClient));
    log(
      `\nPremier chargement par route d'étudiant (gzip) : ${studentRouteWeights(lightClient)
        .map(
          (w) =>
            `${w.path} JS ${(w.jsGzip / 1024).toFixed(1)} Ko + CSS ${(w.cssGzip / 1024).toFixed(1)} Ko${w.found ? '' : ' (page introuvable)'}`,
        )
        .join(' ; ')}`,
    );
    log(
      `\nEncodage servi : ${staticEncoding.map((s) => `${s.path} → ${s.status} ${s.contentEncoding ?? 'identity'} ${s.bytes} o`).join(' ; ')}`,
    );
    if (pgStats) {
      log(
        `Statistiques PostgreSQL : ${pgStats.map((t) => `${t.table} ${t.liveRows} lignes, ANALYZE ${t.lastAutoAnalyze ?? t.lastAnalyze ?? 'jamais'}`).join(' ; ')}`,
      );
    }
    log(
      `Serveur : prêt en ${results.meta.serverStartSeconds} s, RSS ${results.meta.serverRssAfterStartMb} Mo au départ, pic ${results.meta.serverRssHighWaterMb} Mo`,
    );
    log('\n== Objectifs (bench/targets.ts)');
    log(targetsTable(results));
    const failed = results.targets.filter((t) => t.status === 'FAIL').length;
    log(
      `\n${results.targets.filter((t) => t.status === 'PASS').length} PASS, ${failed} FAIL, ${results.targets.filter((t) => t.status === 'SKIP').length} SKIP`,
    );

    mkdirSync(RESULTS_DIR, { recursive: true });
    const json = `${JSON.stringify(results, null, 2)}\n`;
    writeFileSync(path.join(RESULTS_DIR, 'latest.json'), json);
    writeFileSync(
      path.join(
        RESULTS_DIR,
        `latest-${results.meta.database}${REGISTRY_SIZE ? `-registre${REGISTRY_SIZE}` : ''}.json`,
      ),
      json,
    );
    log(`Résultats : ${path.relative(ROOT, path.join(RESULTS_DIR, 'latest.json'))}`);
    return 0;
  } finally {
    await cleanup();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      `\nÉchec du banc d'essai : ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
