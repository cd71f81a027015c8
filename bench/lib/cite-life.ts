/**
 * Life in the cité at scale (PostgreSQL only; docs/life-in-the-cite.md, docs/benchmarks.md "Life in
 * the cité"), the `cite-life` stage:
 *
 * - `cite-life-arrivals`: the arrival week. 6,000 arrival inventories (ENTREE) are expected in the
 *   week, the busiest day's peaks at 10 a minute. The stage sends a sample of `BENCH_CITE_ARRIVALS`
 *   (30) inventories at the peak rate (`BENCH_CITE_RATE`, 10 a minute: one starts every 6 s), on the
 *   opening-day deployment (two instances behind HAProxy, Redis shared, `DOCUMENTS_STORE=database`,
 *   as the season stage starts them: bench/lib/season.ts). Each resident (its key handed, its room's
 *   category an inventory of 12 elements) sends its 24 photos of ~300 KB one after the other
 *   through the resumable uploads as the phone does (tus `POST` with `usage photo`, then one `PATCH`
 *   of the whole photo: the client's chunk is 512 KB), then `POST campus/etat-des-lieux` naming them.
 *   Every answer is timed (p95 per kind of call); afterwards the database is read: every inventory
 *   written with its 12 elements, its 24 photos each a complete document of the right size.
 *   The week's 6,000 are this rate held 10 hours: the sample measures the rate, not the week's total.
 * - `cite-life-repairs`: 50,000 repair requests seeded by SQL over every live cité (a year of them:
 *   statuses, priorities, categories, places spread), then, as a central manager (GESTIONNAIRE_CENOU,
 *   every request), `GET campus/intervention` (its first page, a filtered and sorted page) on one
 *   instance, each `CALLS` times after a warm-up (median, slowest, the instance's and PostgreSQL's
 *   CPU a call), the repairs job (`runRepairJob`, the one each instance runs every minute) run from
 *   the bench on the same database, and the list's XLSX to its last byte, read back with exceljs.
 *   The instances run the job too: so that they leave the seeded backlog to the timed run, the timed
 *   run is given `now` one day ahead (the requests falling due or closing by themselves within the
 *   next day are its backlog; the instances' own runs, at the real time, find none of them).
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { AGENT_CITE, ETUDIANT, GESTIONNAIRE_CENOU } from '../../src/domain/enums';
import { one, rows } from '../../src/server/db/client';
import { runRepairJob } from '../../src/server/modules/repairs/service';
import { deliberationSession, insertAdmitted, insertCite } from '../../tests/helpers/assignment';
import { API_BASE } from './api';
import { cpuOf, PgBackends } from './infra';
import type { BenchServer } from './server';
import { benchStaff, startPair, withDatabase } from './stage';

const CALL_TIMEOUT_MS = 60_000;
const ELEMENTS = 12;
const PHOTOS_PER_ELEMENT = 2;
const PHOTO_BYTES = 300 * 1024;
/** List calls measured, after `WARMUP_CALLS`. */
const CALLS = 20;
const WARMUP_CALLS = 5;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface CallStats {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

function stats(ms: number[]): CallStats {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] : 0);
  return { count: s.length, p50: round(q(0.5)), p95: round(q(0.95)), max: round(s.at(-1) ?? 0) };
}

export interface ArrivalsReport {
  /** Inventories sent (the sample) and the rate they were started at. */
  inventories: number;
  perMinute: number;
  elements: number;
  photosPerInventory: number;
  photoBytes: number;
  instances: number;
  prepareSeconds: number;
  wallSeconds: number;
  calls: Record<'tus-create' | 'tus-patch' | 'inventory', CallStats>;
  /** Any answer but the expected one (201, 204, 201), socket error or timeout. */
  errors: number;
  errorSamples: string[];
  /** Read from the database afterwards. */
  checks: {
    inventoriesStored: number;
    elementsStored: number;
    photosStored: number;
    /** Photos whose document is complete and of the size sent. */
    photoDocumentsWhole: number;
  };
  /** Inventories or photos missing afterwards (expected minus stored, whole documents counted). */
  lost: number;
  cpuMs: { servers: number; postgres: number; haproxy: number };
  loadAverage: number[];
}

export interface RepairPageTiming {
  path: string;
  status: number;
  rows: number;
  total: number;
  medianMs: number;
  maxMs: number;
  serverCpuMs: number;
  dbCpuMs: number;
}

export interface RepairsReport {
  requests: number;
  cites: number;
  byStatus: Record<string, number>;
  seedSeconds: number;
  pages: RepairPageTiming[];
  /** The repairs job run one day ahead over the 50,000: the backlog it told and closed, its time. */
  job: { ms: number; retards: number; clotures: number; idleMs: number };
  xlsx: {
    status: number;
    ms: number;
    bytes: number;
    rows: number;
    expectedRows: number;
    /** The instance's and PostgreSQL's CPU during the export (the work, whatever the load). */
    cpuMs: { server: number; db: number };
  };
  loadAverage: number[];
}

export interface CiteLifeReport {
  arrivals?: ArrivalsReport;
  repairs?: RepairsReport;
}

/** An HS256 token as the server signs it (`sub`, `role`, `tv`), with the run's secret. */
function signedToken(secret: string, idUser: number, role: string): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: String(idUser), role, tv: 0, iat: now, exp: now + 3 * 3600 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
}

function call(
  agent: http.Agent,
  base: string,
  method: string,
  route: string,
  headers: Record<string, string>,
  body?: object | Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const h: Record<string, string> = { accept: 'application/json', ...headers };
    const payload =
      body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    if (payload !== undefined) {
      if (!Buffer.isBuffer(body)) h['content-type'] = 'application/json';
      h['content-length'] = String(payload.length);
    }
    const started = performance.now();
    const req = http.request(
      new URL(`${API_BASE}/${route}`, base),
      { method, headers: h, agent, timeout: CALL_TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`délai dépassé (${CALL_TIMEOUT_MS / 1000} s)`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A photo as the phone sends it after shrinking it: JPEG's first bytes, then ~300 KB. */
function photoBytes(seed: number): Buffer {
  const b = Buffer.alloc(PHOTO_BYTES, 0x20 + (seed % 90));
  b.set([0xff, 0xd8, 0xff, 0xe0]);
  return b;
}

interface Resident {
  idUser: number;
  idAffectation: number;
}

interface ArrivalFixture {
  idCite: number;
  elements: number[];
  residents: Resident[];
}

/**
 * A cité of Kaya of `n` beds (rooms of two), its category's inventory of 12 elements, `n` admitted
 * students each assigned a bed and its key handed now (by an agent of the cité).
 */
async function prepareArrivals(databaseUrl: string, n: number): Promise<ArrivalFixture> {
  return withDatabase(databaseUrl, 4, async (db) => {
    const idSession = await deliberationSession(db, 'Kaya');
    const rooms = Math.ceil(n / 2);
    const cite = await insertCite(db, {
      ville: 'Kaya',
      nom: `Cité du banc (arrivées, ${n} lits)`,
      batiments: [
        {
          code: 'A',
          sexe: 'MIXTE',
          chambres: Array.from({ length: rooms }, (_, r) => ({ code: String(1000 + r), lits: 2 })),
        },
      ],
    });
    const elements: number[] = [];
    for (let e = 0; e < ELEMENTS; e++) {
      const row = await one<{ id: number }>(
        db,
        sql`INSERT INTO element_inventaire (id_categorie_chambre, libelle_element, quantite)
            VALUES (${cite.idCategorie}, ${`Élément ${e + 1}`}, 1) RETURNING id_element_inventaire AS id`,
      );
      elements.push(row!.id);
    }
    const idAgent = await benchStaff(db, 'banc.agent.arrivees', AGENT_CITE);
    await db.execute(sql`INSERT INTO agent_cite (id_user, id_cite) VALUES (${idAgent}, ${cite.idCite})`);
    const residents: Resident[] = [];
    for (let i = 0; i < n; i++) {
      const s = await insertAdmitted(db, {
        idSessionCenou: idSession,
        ville: 'Kaya',
        sexe: i % 2 ? 'M' : 'F',
      });
      const code = `A/N1/C1/${1000 + Math.floor(i / 2)}`;
      const idLit = cite.lits[`${code}/${(i % 2) + 1}`];
      const row = await one<{ id: number }>(
        db,
        sql`INSERT INTO affectation (id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit, code_verification)
            VALUES (${idSession}, ${s.idDossier}, ${s.idEtudiant}, ${cite.idCite}, ${cite.chambres[code]}, ${idLit},
                    ${`BANC-ARR-${i}-${Date.now()}`})
            RETURNING id_affectation AS id`,
      );
      await db.execute(
        sql`INSERT INTO remise_cle (id_affectation, id_lit, code_cle, id_auteur)
            VALUES (${row!.id}, ${idLit}, ${`CLE-${i}`}, ${idAgent})`,
      );
      residents.push({ idUser: s.idUser, idAffectation: row!.id });
    }
    await db.execute(sql`ANALYZE`);
    return { idCite: cite.idCite, elements, residents };
  });
}

async function arrivalChecks(databaseUrl: string, ids: number[]): Promise<ArrivalsReport['checks']> {
  return withDatabase(databaseUrl, 1, async (db) => {
    const list = sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    );
    const row = await one<{ inv: number; el: number; ph: number; whole: number }>(
      db,
      sql`SELECT count(DISTINCT e.id_etat_des_lieux)::int AS inv,
                 count(DISTINCT el.id_etat_des_lieux_element)::int AS el,
                 count(DISTINCT p.id_photo)::int AS ph,
                 count(DISTINCT p.id_photo) FILTER (WHERE d.complet AND d.taille = ${PHOTO_BYTES}
                   AND p.taille = ${PHOTO_BYTES})::int AS whole
          FROM etat_des_lieux e
          LEFT JOIN etat_des_lieux_element el ON el.id_etat_des_lieux = e.id_etat_des_lieux
          LEFT JOIN etat_des_lieux_photo p ON p.id_etat_des_lieux_element = el.id_etat_des_lieux_element
          LEFT JOIN document d ON d.cle = p.cle
          WHERE e.type = 'ENTREE' AND e.id_affectation IN (${list})`,
    );
    return {
      inventoriesStored: row!.inv,
      elementsStored: row!.el,
      photosStored: row!.ph,
      photoDocumentsWhole: row!.whole,
    };
  });
}

async function benchArrivals(
  lb: string,
  agent: http.Agent,
  opts: CiteLifeOptions,
  cpuPids: () => { servers: (number | undefined)[]; haproxy: number | undefined },
  backends: PgBackends,
): Promise<ArrivalsReport> {
  const { log } = opts;
  const t0 = performance.now();
  log(`   préparation : ${opts.arrivals} résidents, clé remise, inventaire de ${ELEMENTS} éléments…`);
  const fx = await prepareArrivals(opts.databaseUrl, opts.arrivals);
  const prepareSeconds = round((performance.now() - t0) / 1000);
  log(`   prêts en ${prepareSeconds} s (cité ${fx.idCite})`);
  const times: Record<'tus-create' | 'tus-patch' | 'inventory', number[]> = {
    'tus-create': [],
    'tus-patch': [],
    inventory: [],
  };
  let errors = 0;
  const errorSamples: string[] = [];
  const fail = (what: string) => {
    errors++;
    if (errorSamples.length < 10) errorSamples.push(what);
  };
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const tus = { 'tus-resumable': '1.0.0' };

  const arrival = async (k: number, r: Resident) => {
    const auth = { authorization: `Bearer ${signedToken(opts.jwtSecret, r.idUser, ETUDIANT)}` };
    const elements: { idElementInventaire: number; etat: string; photos: string[] }[] = [];
    for (const [e, idElementInventaire] of fx.elements.entries()) {
      const photos: string[] = [];
      for (let p = 0; p < PHOTOS_PER_ELEMENT; p++) {
        const bytes = photoBytes(k * 100 + e * 2 + p);
        try {
          const created = await call(agent, lb, 'POST', 'campus/televersement', {
            ...auth,
            ...tus,
            'upload-length': String(bytes.length),
            'upload-metadata': `usage ${b64('photo')},filename ${b64(`element-${e + 1}-${p + 1}.jpg`)}`,
          });
          times['tus-create'].push(created.ms);
          const location = String(created.headers.location ?? '');
          if (created.status !== 201 || !location) {
            fail(`tus-create ${created.status} ${created.body.toString('utf8').slice(0, 160)}`);
            continue;
          }
          const id = location.slice(location.lastIndexOf('/') + 1);
          const patched = await call(
            agent,
            lb,
            'PATCH',
            `campus/televersement/${id}`,
            { ...auth, ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
            bytes,
          );
          times['tus-patch'].push(patched.ms);
          if (patched.status !== 204) {
            fail(`tus-patch ${patched.status} ${patched.body.toString('utf8').slice(0, 160)}`);
            continue;
          }
          photos.push(id);
        } catch (e) {
          fail(`photo : ${(e as Error).message}`);
        }
      }
      elements.push({ idElementInventaire, etat: e % 5 === 3 ? 'USE' : 'BON', photos });
    }
    try {
      const res = await call(agent, lb, 'POST', 'campus/etat-des-lieux', auth, {
        idAffectation: r.idAffectation,
        type: 'ENTREE',
        elements,
      });
      times.inventory.push(res.ms);
      if (res.status !== 201) fail(`inventaire ${res.status} ${res.body.toString('utf8').slice(0, 200)}`);
    } catch (e) {
      fail(`inventaire : ${(e as Error).message}`);
    }
  };

  const pids = cpuPids();
  const cpu0 = { servers: cpuOf(pids.servers), haproxy: cpuOf([pids.haproxy]) };
  const db0 = await backends.snapshot();
  const started = performance.now();
  const gapMs = 60_000 / opts.perMinute;
  const running: Promise<void>[] = [];
  for (const [k, r] of fx.residents.entries()) {
    const due = started + k * gapMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    running.push(arrival(k, r));
    if ((k + 1) % 10 === 0) log(`   ${k + 1}/${fx.residents.length} états des lieux lancés`);
  }
  await Promise.all(running);
  const wallSeconds = round((performance.now() - started) / 1000);
  const cpuMs = {
    servers: Math.round(cpuOf(pids.servers) - cpu0.servers),
    postgres: Math.round(PgBackends.delta(db0, await backends.snapshot()).ms),
    haproxy: Math.round(cpuOf([pids.haproxy]) - cpu0.haproxy),
  };
  const checks = await arrivalChecks(
    opts.databaseUrl,
    fx.residents.map((r) => r.idAffectation),
  );
  const photos = fx.residents.length * ELEMENTS * PHOTOS_PER_ELEMENT;
  const lost = fx.residents.length - checks.inventoriesStored + (photos - checks.photoDocumentsWhole);
  const calls = {
    'tus-create': stats(times['tus-create']),
    'tus-patch': stats(times['tus-patch']),
    inventory: stats(times.inventory),
  };
  log(
    `   ${checks.inventoriesStored}/${fx.residents.length} états des lieux, ${checks.photoDocumentsWhole}/${photos} photos entières en base ; p95 création ${calls['tus-create'].p95} ms, envoi ${calls['tus-patch'].p95} ms, état des lieux ${calls.inventory.p95} ms ; ${errors} erreur(s) en ${wallSeconds} s`,
  );
  for (const s of errorSamples) log(`     ${s}`);
  return {
    inventories: fx.residents.length,
    perMinute: opts.perMinute,
    elements: ELEMENTS,
    photosPerInventory: ELEMENTS * PHOTOS_PER_ELEMENT,
    photoBytes: PHOTO_BYTES,
    instances: 2,
    prepareSeconds,
    wallSeconds,
    calls,
    errors,
    errorSamples,
    checks,
    lost,
    cpuMs,
    loadAverage: (await import('node:os')).loadavg().map((l) => round(l, 2)),
  };
}

/**
 * 50,000 requests over a year, in one statement: every live cité in turn, a room of the cité or a
 * common place, statuses as a year leaves them (most closed, some resolved within their 7 days,
 * the rest open, some of those late and told already), each with its first history row. Authors:
 * the demo's students in turn, also the requests' residents.
 */
export async function seedRepairs(databaseUrl: string, count: number) {
  return withDatabase(databaseUrl, 2, async (db) => {
    await db.execute(sql`
      WITH cites AS (
        SELECT c.id_cite, row_number() OVER (ORDER BY c.id_cite) - 1 AS k,
               (SELECT array_agg(ch.id_chambre ORDER BY ch.id_chambre) FROM chambre ch
                  JOIN couloir co ON co.id_couloir = ch.id_couloir JOIN niveau n ON n.id_niveau = co.id_niveau
                  JOIN batiment b ON b.id_batiment = n.id_batiment WHERE b.id_cite = c.id_cite) AS rooms
        FROM cite c WHERE c.deleted_at IS NULL
      ), nc AS (SELECT count(*) AS n FROM cites),
      authors AS (
        SELECT array_agg(id ORDER BY id) AS ids FROM (SELECT id FROM users WHERE role = ${ETUDIANT} ORDER BY id LIMIT 2000) u
      ), g AS (
        SELECT s AS i,
               now() - make_interval(secs => (s * 631) % (365 * 86400)) AS cree,
               (ARRAY['URGENCE','HAUTE','NORMALE','NORMALE','NORMALE'])[1 + s % 5] AS priorite,
               (ARRAY['PLOMBERIE','ELECTRICITE','SERRURERIE','MOBILIER','NUISIBLES','AUTRE'])[1 + (s / 5) % 6] AS categorie,
               (ARRAY['SANITAIRES','CUISINE','COULOIR','SALLE_COMMUNE','EXTERIEUR','AUTRE'])[1 + (s / 7) % 6] AS lieu
        FROM generate_series(1, ${count}) s
      ), r AS (
        SELECT g.*, c.id_cite, c.rooms,
               g.cree + CASE g.priorite WHEN 'URGENCE' THEN interval '24 hours' WHEN 'HAUTE' THEN interval '72 hours'
                 ELSE interval '7 days' END AS echeance,
               a.ids[1 + g.i % array_length(a.ids, 1)] AS auteur
        FROM g CROSS JOIN nc CROSS JOIN authors a JOIN cites c ON c.k = g.i % nc.n
      ), s AS (
        SELECT r.*,
          CASE
            WHEN r.cree > now() - interval '2 days' THEN (ARRAY['NOUVELLE','PRISE_EN_CHARGE','NOUVELLE','RESOLUE'])[1 + r.i % 4]
            WHEN r.cree > now() - interval '8 days' THEN (ARRAY['PRISE_EN_CHARGE','RESOLUE','RESOLUE','REOUVERTE','NOUVELLE'])[1 + r.i % 5]
            WHEN r.i % 40 = 0 THEN 'NOUVELLE'
            WHEN r.i % 40 = 1 THEN 'PRISE_EN_CHARGE'
            WHEN r.i % 40 = 2 THEN 'REOUVERTE'
            ELSE 'CLOTUREE' END AS statut
        FROM r
      ), ins AS (
        INSERT INTO intervention (id_cite, id_chambre, lieu, categorie, priorite, description, statut, id_auteur,
          id_residant, echeance, resolue_le, cloturee_le, retard_signale_le, created_at, updated_at)
        SELECT s.id_cite,
               CASE WHEN s.i % 3 > 0 AND s.rooms IS NOT NULL THEN s.rooms[1 + s.i % array_length(s.rooms, 1)] END,
               CASE WHEN s.i % 3 > 0 AND s.rooms IS NOT NULL THEN NULL ELSE s.lieu END,
               s.categorie, s.priorite,
               'Demande du banc d’essai n° ' || s.i || ' : fuite, panne ou casse à réparer.',
               s.statut, s.auteur, s.auteur, s.echeance,
               CASE WHEN s.statut IN ('RESOLUE', 'CLOTUREE') THEN least(s.cree + make_interval(hours => 6 + s.i % 150), now()) END,
               CASE WHEN s.statut = 'CLOTUREE' THEN least(s.cree + make_interval(hours => 6 + s.i % 150) + interval '7 days', now()) END,
               CASE WHEN s.statut IN ('NOUVELLE', 'PRISE_EN_CHARGE', 'REOUVERTE') AND s.echeance < now()
                 THEN least(s.echeance + interval '1 minute', now()) END,
               s.cree, s.cree
        FROM s ORDER BY s.i
        RETURNING id_intervention, statut, id_auteur, created_at
      )
      INSERT INTO intervention_historique (id_intervention, statut, id_auteur, date)
      SELECT id_intervention, 'NOUVELLE', id_auteur, created_at FROM ins`);
    // A resolution more than 7 days old is closed: the seed's RESOLUE ones resolved too long ago
    // are moved back within their days (the instances' job would close them before the timed run).
    await db.execute(
      sql`UPDATE intervention SET resolue_le = now() - make_interval(hours => (id_intervention % 160))
          WHERE statut = 'RESOLUE' AND resolue_le <= now() - interval '6 days 23 hours'`,
    );
    await db.execute(sql`VACUUM (ANALYZE) intervention, intervention_historique`);
    const byStatus = await rows<{ statut: string; n: number }>(
      db,
      sql`SELECT statut, count(*)::int AS n FROM intervention GROUP BY statut ORDER BY statut`,
    );
    const cites = await one<{ n: number }>(
      db,
      sql`SELECT count(DISTINCT id_cite)::int AS n FROM intervention`,
    );
    return { byStatus: Object.fromEntries(byStatus.map((r) => [r.statut, r.n])), cites: cites!.n };
  });
}

async function timePage(
  agent: http.Agent,
  base: string,
  token: string,
  route: string,
  pid: number | undefined,
  backends: PgBackends,
): Promise<RepairPageTiming> {
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < WARMUP_CALLS; i++) await call(agent, base, 'GET', route, headers);
  const times: number[] = [];
  let status = 0;
  let rows = 0;
  let total = 0;
  const cpu0 = cpuOf([pid]);
  const db0 = await backends.snapshot();
  for (let i = 0; i < CALLS; i++) {
    const a = await call(agent, base, 'GET', route, headers);
    times.push(a.ms);
    status = a.status;
    const body = JSON.parse(a.body.toString('utf8')) as unknown;
    rows = Array.isArray(body) ? body.length : 0;
    total = Number(a.headers['x-total-count'] ?? NaN);
  }
  const cpu = cpuOf([pid]) - cpu0;
  const db = PgBackends.delta(db0, await backends.snapshot()).ms;
  const s = [...times].sort((a, b) => a - b);
  return {
    path: route,
    status,
    rows,
    total,
    medianMs: round(s[Math.floor(s.length / 2)]),
    maxMs: round(s.at(-1) ?? 0),
    serverCpuMs: round(cpu / CALLS),
    dbCpuMs: round(db / CALLS),
  };
}

async function benchRepairs(
  agent: http.Agent,
  server: BenchServer,
  opts: CiteLifeOptions,
  backends: PgBackends,
): Promise<RepairsReport> {
  const { log } = opts;
  const t0 = performance.now();
  log(`   ${opts.repairs} demandes d’intervention insérées en SQL…`);
  const seeded = await seedRepairs(opts.databaseUrl, opts.repairs);
  const seedSeconds = round((performance.now() - t0) / 1000);
  log(`   en ${seedSeconds} s sur ${seeded.cites} cités : ${JSON.stringify(seeded.byStatus)}`);
  const idManager = await withDatabase(opts.databaseUrl, 2, (db) =>
    benchStaff(db, 'banc.interventions', GESTIONNAIRE_CENOU),
  );
  const token = signedToken(opts.jwtSecret, idManager, GESTIONNAIRE_CENOU);
  const pages: RepairPageTiming[] = [];
  for (const route of [
    'campus/intervention',
    'campus/intervention?filtre.statut=NOUVELLE&filtre.priorite=URGENCE&sort=echeance,desc&page=1',
    'campus/intervention?filtre.categorie=PLOMBERIE&filtre.enRetard=true&sort=dateSignalement,desc',
  ]) {
    const t = await timePage(agent, server.baseUrl, token, route, server.pid, backends);
    log(
      `   ${route} : ${t.status}, ${t.rows} lignes sur ${t.total}, médiane ${t.medianMs} ms (max ${t.maxMs}), CPU serveur ${t.serverCpuMs} ms + PostgreSQL ${t.dbCpuMs} ms par appel`,
    );
    pages.push(t);
  }
  // The job as an instance runs it, one day ahead (see the header), then again with nothing to do.
  const job: RepairsReport['job'] = await withDatabase(opts.databaseUrl, 2, async (db) => {
    const ahead = new Date(Date.now() + 24 * 3_600_000);
    await runRepairJob(db, { now: new Date() }); // warm: the code and the plans, nothing of the backlog
    const j0 = performance.now();
    const done = await runRepairJob(db, { now: ahead });
    const ms = round(performance.now() - j0);
    const i0 = performance.now();
    await runRepairJob(db, { now: ahead });
    const idleMs = round(performance.now() - i0);
    return { ms, retards: done.retards, clotures: done.clotures, idleMs };
  });
  log(
    `   tâche des interventions (un jour d’avance) : ${job.retards} retards signalés, ${job.clotures} clôtures en ${job.ms} ms ; à vide ${job.idleMs} ms`,
  );
  const expectedRows = pages[0].total;
  const xCpu0 = cpuOf([server.pid]);
  const xDb0 = await backends.snapshot();
  const x0 = performance.now();
  const res = await fetch(`${server.baseUrl}${API_BASE}/campus/intervention?format=xlsx`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(120_000),
  });
  const buffer = Buffer.from(await res.arrayBuffer());
  const xlsxMs = Math.round(performance.now() - x0);
  const xlsxCpu = {
    server: Math.round(cpuOf([server.pid]) - xCpu0),
    db: Math.round(PgBackends.delta(xDb0, await backends.snapshot()).ms),
  };
  let rows = 0;
  if (res.status === 200) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    rows = Math.max(0, (book.worksheets[0]?.actualRowCount ?? 1) - 1);
  }
  log(
    `   XLSX : ${res.status}, ${rows} lignes (${expectedRows} attendues) en ${xlsxMs} ms (CPU serveur ${xlsxCpu.server} ms + PostgreSQL ${xlsxCpu.db} ms)`,
  );
  return {
    requests: opts.repairs,
    cites: seeded.cites,
    byStatus: seeded.byStatus,
    seedSeconds,
    pages,
    job,
    xlsx: { status: res.status, ms: xlsxMs, bytes: buffer.length, rows, expectedRows, cpuMs: xlsxCpu },
    loadAverage: (await import('node:os')).loadavg().map((l) => round(l, 2)),
  };
}

export interface CiteLifeOptions {
  databaseUrl: string;
  dbName: string;
  jwtSecret: string;
  which: ('cite-life-arrivals' | 'cite-life-repairs')[];
  /** Inventories of the sample, and the rate they start at (a minute). */
  arrivals: number;
  perMinute: number;
  repairs: number;
  /** First of the ports to use (instances, then HAProxy), or undefined for free ones. */
  basePort?: number;
  log: (line: string) => void;
}

export async function benchCiteLife(opts: CiteLifeOptions): Promise<CiteLifeReport> {
  const { log } = opts;
  const report: CiteLifeReport = {};
  // As the season stage starts them: one after the other, Redis shared, documents in the database.
  const pair = await startPair({
    databaseUrl: opts.databaseUrl,
    basePort: opts.basePort,
    env: { DOCUMENTS_STORE: 'database' },
    log,
  });
  const { servers, haproxy } = pair;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200, scheduling: 'fifo' });
  const backends = new PgBackends(opts.databaseUrl, opts.dbName);
  try {
    await backends.open();
    if (opts.which.includes('cite-life-arrivals')) {
      const lb = haproxy.url;
      const h = haproxy;
      report.arrivals = await benchArrivals(
        lb,
        agent,
        opts,
        () => ({ servers: servers.map((s) => s.pid), haproxy: h.pid }),
        backends,
      );
    }
    if (opts.which.includes('cite-life-repairs'))
      report.repairs = await benchRepairs(agent, servers[0], opts, backends);
    return report;
  } finally {
    agent.destroy();
    await backends.close();
    await pair.stop();
  }
}
