/**
 * `season-1` and `season-2` (issue 23 item 5, PostgreSQL only): the opening minutes of the season
 * as an open model. Students arrive at a rate that steps up (BENCH_SEASON_STEPS journeys a second,
 * each held BENCH_SEASON_STEP_SECONDS); each arriving student makes the whole journey at once (no
 * think time), every call a real HTTP request through HAProxy:
 *
 *   look-up of the INE → registration → (the mailed password, read from the instances' mail
 *   folders) → sign-in → the deposit form → three proofs of 300 KB through tus (POST, PATCH each)
 *   → the deposit naming the three uploads → the dashboard (the dossier list, the assignment).
 *
 * After each step's arrivals the driver waits for its journeys to end, then judges the step: held
 * when every call answered as expected and the calls' p95 is under 1 s; the run stops at the first
 * step not held. Per step: calls a second, p50/p95/p99 over every call and per call type, and the
 * CPU spent meanwhile (utime+stime from /proc) by the node servers, the PostgreSQL backends of the
 * bench's database, HAProxy, Redis and the driver itself; divided by the journeys completed, it is
 * the CPU cost of one student's journey.
 *
 * The instances are started for the stage (fresh processes on the bench's database, with
 * REDIS_URL of a Redis started here and DOCUMENTS_STORE=database), behind HAProxy with one server
 * (`season-1`) or two (`season-2`): the ratio compares the same deployment with one or two
 * instances. The students are the stage's own (registry rows of Ouagadougou, whose session takes
 * deposits, made by SQL with an INE prefix per stage, without an account), so no other stage takes
 * them. Afterwards, checks across instances: every write answered 201 is in the database (accounts,
 * dossiers, their three proofs whole in the database store), and the INE look-up's failure limit
 * (lowered to 20 for the stage) holds for all instances together.
 */
import { existsSync, readdirSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { parseMail, passwordOf } from '../../tests/helpers/mail';
import { textPdf } from '../../src/server/seed/pdf';
import { API_BASE, registrationBody } from './api';
import { proofEntries, type FormType } from './deposit';
import { cpuNs, cpuOf, PgBackends, startHaproxy, startRedis } from './infra';
import { startServer, type BenchServer } from './server';

export const SEASON_PROOF_BYTES = 300_000;
/** Lowered for the stage's instances: the check across instances sends a few more failures than this. */
export const SEASON_INE_MAX_FAILURES = 20;
/** Lowered for the stage's instances (a journey makes 6 upload calls): counted in Redis, one limit for all. */
export const SEASON_UPLOAD_RATE_PER_MINUTE = 30;
const CALL_TIMEOUT_MS = 60_000;
const MAIL_TIMEOUT_MS = 90_000;
const DRAIN_MS = 150_000;
/** The instances left without calls before the journeys one at a time: their workers' own CPU. */
const IDLE_MS = 10_000;
/** One proof for every upload: a real one-page PDF padded to about 300 KB. */
const proof = textPdf('Justificatif de la saison', ['banc d’essai, issue 23'], SEASON_PROOF_BYTES - 1_000);

export const CALL_TYPES = [
  'lookup',
  'register',
  'signin',
  'form',
  'tus-create',
  'tus-patch',
  'deposit',
  'dashboard',
  'assignment',
] as const;
export type CallType = (typeof CALL_TYPES)[number];
/** Calls of one whole journey: 3 proofs make 3 tus-create and 3 tus-patch. */
export const CALLS_PER_JOURNEY = 13;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

function quantile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

export interface Latency {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function latency(ms: number[], errors: number): Latency {
  const s = [...ms].sort((a, b) => a - b);
  return {
    count: s.length,
    errors,
    p50: round(quantile(s, 0.5)),
    p95: round(quantile(s, 0.95)),
    p99: round(quantile(s, 0.99)),
    max: round(s.at(-1) ?? 0),
  };
}

export interface SeasonStep {
  /** Journeys started a second (the arrival rate). */
  rate: number;
  seconds: number;
  journeys: number;
  journeysOk: number;
  journeysFailed: number;
  /** Calls answered a second over the step's arrivals: calls ÷ the step's duration. */
  callsPerSecond: number;
  /** From the step's first arrival to its last journey's end, s. */
  wallSeconds: number;
  calls: Latency;
  byType: Record<string, Latency>;
  errorSamples: string[];
  /** Time from the registration's answer to its mail read back (the mail worker's delay). */
  mailWaitMs: { p50: number; p95: number };
  /** The arrival schedule's worst lateness (the driver itself saturated when large), ms. */
  lateMs: number;
  /** Sockets open from the driver at the step's end (HAProxy's front). */
  openSockets: number;
  loadAverage: number;
  cpuMs: {
    servers: number;
    postgres: number;
    haproxy: number;
    redis: number;
    driver: number;
    pgBackendsLost: number;
  };
  /** (servers + postgres) ÷ journeys completed, ms. */
  cpuPerJourneyMs: number | null;
  /** V8's full collections in the instances during the step, and their pauses on the main threads (ms). */
  gc: { major: number; majorMs: number } | null;
  held: boolean;
  /** `warm-up`: the first rate for a few seconds on the fresh instances, not judged; `repeat`: a step run again once after a miss on latency alone. */
  kind?: 'warm-up' | 'repeat';
}

export interface SeasonReport {
  id: string;
  instances: number;
  connections: number;
  proofBytes: number;
  callsPerJourney: number;
  steps: SeasonStep[];
  /** The last step held (p95 < 1 s, no error), or null when the first was not. */
  held: { rate: number; callsPerSecond: number; p95: number } | null;
  /** Over every held step: (servers + postgres CPU) ÷ journeys completed, ms. */
  cpuPerJourneyMs: number | null;
  /** Over every step but the warm-up, held or not (the machine's load may hold none), ms. */
  cpuPerJourneyAllStepsMs: number | null;
  /** Over the held steps, split. */
  cpuPerJourneySplitMs: { servers: number; postgres: number; haproxy: number } | null;
  checks: {
    registered201: number;
    accounts: number;
    deposited201: number;
    dossiers: number;
    proofsWhole: number;
    /** 201 answers whose row is missing (accounts + dossiers + 3 proofs a dossier). */
    lostWrites: number;
    ineLimit: number;
    /** Wrong look-ups of one INE answered 404 before the first 429, across every instance. */
    ineFailuresBefore429: number;
    uploadLimit: number;
    /** HEADs of one student's upload calls answered before the first 429, through the balancer. */
    uploadCallsBefore429: number | null;
  } | null;
  /** Journeys made one at a time after the steps, each call charged the CPU spent during it. */
  perCall: PerCallCosts | null;
  instanceStartSeconds: number[];
  haproxyConfig: string;
  error?: string;
}

/** Reads the instances' mail folders as the mails arrive: address → password. */
class Mailbox {
  private seen = new Set<string>();
  private passwords = new Map<string, string>();
  private waiters = new Map<string, (p: string) => void>();
  private watchers: FSWatcher[] = [];
  private timer: NodeJS.Timeout | undefined;
  constructor(private readonly dirs: string[]) {}
  start() {
    for (const dir of this.dirs) {
      const w = (() => {
        try {
          return watch(dir, (_e, f) => {
            if (f && String(f).endsWith('.eml')) this.read(dir, String(f));
          });
        } catch {
          return null;
        }
      })();
      if (w) this.watchers.push(w);
    }
    // A sweep each second: a folder made after the watch, an event missed.
    this.timer = setInterval(() => this.sweep(), 1_000);
    this.sweep();
  }
  private sweep() {
    for (const dir of this.dirs) {
      if (!existsSync(dir)) continue;
      for (const f of readdirSync(dir)) if (f.endsWith('.eml')) this.read(dir, f);
    }
  }
  private read(dir: string, f: string) {
    const key = `${dir}/${f}`;
    if (this.seen.has(key)) return;
    let raw: string;
    try {
      raw = readFileSync(path.join(dir, f), 'utf8');
    } catch {
      return; // being renamed into place
    }
    this.seen.add(key);
    try {
      const mail = parseMail(raw);
      if (!/Mot de passe\s:/.test(mail.text)) return;
      const password = passwordOf(mail);
      for (const to of mail.to.toLowerCase().match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? []) {
        this.passwords.set(to, password);
        this.waiters.get(to)?.(password);
        this.waiters.delete(to);
      }
    } catch {
      /* not a password mail */
    }
  }
  password(address: string, timeoutMs: number): Promise<string> {
    const known = this.passwords.get(address);
    if (known) return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => {
        this.waiters.delete(address);
        reject(new Error(`courriel de ${address} non reçu en ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.waiters.set(address, (p) => {
        clearTimeout(t);
        resolve(p);
      });
    });
  }
  stop() {
    for (const w of this.watchers) w.close();
    clearInterval(this.timer);
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(
  agent: http.Agent,
  base: URL,
  method: string,
  route: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(route, base);
    const h = { ...headers };
    if (body !== undefined) h['content-length'] = String(Buffer.byteLength(body));
    const req = http.request(url, { method, headers: h, agent, timeout: CALL_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`délai dépassé (${CALL_TIMEOUT_MS / 1000} s)`)));
    req.on('error', reject);
    req.end(body);
  });
}

type Call = (
  type: CallType,
  method: string,
  route: string,
  headers: Record<string, string>,
  expect: number[],
  body?: Buffer | string,
) => Promise<Answer | null>;

export interface SeasonStudent {
  ine: string;
  dateNaissance: string;
}

/** `count` registry students of Ouagadougou without an account, INE `<prefix>…`, made by SQL. */
export async function prepareSeasonStudents(
  databaseUrl: string,
  prefix: string,
  count: number,
): Promise<SeasonStudent[]> {
  if (!/^[A-Z]{2}$/.test(prefix)) throw new Error(`préfixe d'INE invalide : ${prefix}`);
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const res = await client.query<SeasonStudent>(
      `WITH v AS (SELECT id_ville, nom_ville FROM ville WHERE cle_ville = 'ouagadougou' AND deleted_at IS NULL)
       INSERT INTO registre_etudiant (ine, nom_etudiant, prenom_etudiant, sexe_etudiant, date_naissance, ville_orientation,
         id_ville, annee_bac, serie_bac, moyenne_bac, libelle_pays, type_pays, recherche)
       SELECT '${prefix}' || lpad(g::text, 10, '0'), 'Saison', 'Étudiant ' || g, CASE WHEN g % 2 = 0 THEN 'F' ELSE 'M' END,
         date '2003-01-01' + (g % 700), v.nom_ville, v.id_ville, 2025, 'D', 10 + (g % 8), 'Burkina Faso', 'NATIONAL',
         '${prefix.toLowerCase()}' || lpad(g::text, 10, '0') || ' saison etudiant ' || g
       FROM generate_series(1, $1::int) g CROSS JOIN v
       RETURNING ine, to_char(date_naissance, 'YYYY-MM-DD') AS "dateNaissance"`,
      [count],
    );
    await client.query('ANALYZE registre_etudiant');
    if (res.rows.length !== count) throw new Error(`${res.rows.length} étudiants faits au lieu de ${count}`);
    return res.rows.sort((a, b) => a.ine.localeCompare(b.ine));
  } finally {
    await client.end();
  }
}

export interface SeasonOptions {
  id: string;
  instances: number;
  databaseUrl: string;
  dbName: string;
  prefix: string;
  steps: number[];
  stepSeconds: number;
  connections: number;
  /** Other mail folders on the same database (the bench's main server): its mail worker may send a journey's mail. */
  otherMailDirs: string[];
  /** Journeys made one at a time after the steps to charge each call its CPU (0: none). */
  perCallJourneys: number;
  log: (s: string) => void;
}

export function seasonSteps(): number[] {
  const raw = process.env.BENCH_SEASON_STEPS?.trim() || '1,2,4,8,12,16,24,32,48';
  const steps = raw.split(',').map((s) => Number(s.trim()));
  if (!steps.length || steps.some((n) => !Number.isFinite(n) || n <= 0 || n > 500))
    throw new Error(`BENCH_SEASON_STEPS : des taux positifs séparés par des virgules (reçu « ${raw} »)`);
  return steps;
}

export async function benchSeason(opts: SeasonOptions): Promise<SeasonReport> {
  const { log } = opts;
  const students = await prepareSeasonStudents(
    opts.databaseUrl,
    opts.prefix,
    // Every step possibly twice, the warm-up, a spare for the checks.
    Math.ceil(2 * opts.steps.reduce((a, r) => a + r * opts.stepSeconds, 0)) + opts.steps[0] * 5 + 50,
  );
  const redis = await startRedis();
  const servers: BenchServer[] = [];
  let haproxy: Awaited<ReturnType<typeof startHaproxy>> | undefined;
  const report: SeasonReport = {
    id: opts.id,
    instances: opts.instances,
    connections: opts.connections,
    proofBytes: SEASON_PROOF_BYTES,
    callsPerJourney: CALLS_PER_JOURNEY,
    steps: [],
    held: null,
    cpuPerJourneyMs: null,
    cpuPerJourneyAllStepsMs: null,
    cpuPerJourneySplitMs: null,
    checks: null,
    perCall: null,
    instanceStartSeconds: [],
    haproxyConfig: '',
  };
  const backends = new PgBackends(opts.databaseUrl, opts.dbName);
  let mailbox: Mailbox | undefined;
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: opts.connections,
    maxFreeSockets: opts.connections,
    scheduling: 'fifo',
  });
  try {
    for (let i = 0; i < opts.instances; i++) {
      // One after the other: the second finds the database migrated.
      const s = await startServer({
        databaseUrl: opts.databaseUrl,
        env: {
          REDIS_URL: redis.url,
          DOCUMENTS_STORE: 'database',
          INE_MAX_FAILURES: String(SEASON_INE_MAX_FAILURES),
          UPLOAD_RATE_PER_MINUTE: String(SEASON_UPLOAD_RATE_PER_MINUTE),
        },
      });
      servers.push(s);
      report.instanceStartSeconds.push(round(s.startSeconds));
    }
    haproxy = await startHaproxy(servers.map((s) => s.port));
    report.haproxyConfig = haproxy.config;
    log(
      `   ${opts.instances} instance(s) (pid ${servers.map((s) => s.pid).join(', ')}) derrière HAProxy ${haproxy.url} ; Redis ${redis.url} ; DOCUMENTS_STORE=database`,
    );
    await backends.open();
    mailbox = new Mailbox([...servers.map((s) => path.join(s.dataDir, 'mail')), ...opts.otherMailDirs]);
    mailbox.start();
    const base = new URL(haproxy.url);

    // The connections held open, as phones keep theirs: `connections` sockets opened at once.
    await Promise.all(
      Array.from({ length: opts.connections }, () =>
        request(agent, base, 'GET', '/service/api/health', {}).catch(() => undefined),
      ),
    );
    const openSockets = () =>
      Object.values(agent.sockets).reduce((a, l) => a + (l?.length ?? 0), 0) +
      Object.values(agent.freeSockets).reduce((a, l) => a + (l?.length ?? 0), 0);
    log(`   ${openSockets()} connexions ouvertes vers HAProxy`);

    const b64 = (s: string) => Buffer.from(s).toString('base64');
    let nextStudent = 0;
    let lastToken: { token: string; at: number } | undefined;
    const api = (r: string) => `${API_BASE}/${r}`;
    const json = { 'content-type': 'application/json', accept: 'application/json' };

    /** One student's whole journey, each call made through `call`. */
    const makeJourney =
      (call: Call, samples: string[], mailWaits: number[]) =>
      async (s: SeasonStudent): Promise<boolean> => {
        const email = `saison.${s.ine.toLowerCase()}@exemple.bf`;
        if (
          !(await call(
            'lookup',
            'GET',
            api(`campus-auth/hebergement-etudiant/${s.ine}?dateNaissance=${s.dateNaissance}`),
            { accept: 'application/json' },
            [200],
          ))
        )
          return false;
        const reg = await call(
          'register',
          'POST',
          api('campus-auth/hebergement-etudiant'),
          json,
          [201],
          JSON.stringify(registrationBody(s, email)),
        );
        if (!reg) return false;
        const registered = performance.now();
        let password: string;
        try {
          password = await mailbox!.password(email, MAIL_TIMEOUT_MS);
        } catch (e) {
          if (samples.length < 8) samples.push(`mail : ${(e as Error).message}`);
          return false;
        }
        mailWaits.push(performance.now() - registered);
        const signin = await call(
          'signin',
          'POST',
          api('campus-auth/signin'),
          json,
          [200],
          JSON.stringify({ username: s.ine, password }),
        );
        if (!signin) return false;
        const token = (JSON.parse(signin.body) as { accessToken: string }).accessToken;
        const signedAt = Date.now();
        const auth = { authorization: `Bearer ${token}`, accept: 'application/json' };
        const form = await call(
          'form',
          'GET',
          api(`campus/dossier/depot/?ineEtudiant=${encodeURIComponent(s.ine)}`),
          auth,
          [200],
        );
        if (!form) return false;
        const entries = proofEntries(
          (JSON.parse(form.body) as { listeDossierCritere: FormType[] }).listeDossierCritere,
        );
        const tus = { ...auth, 'tus-resumable': '1.0.0' };
        const uploads: string[] = [];
        for (const e of entries) {
          const created = await call(
            'tus-create',
            'POST',
            api('campus/televersement'),
            {
              ...tus,
              'upload-length': String(proof.length),
              'upload-metadata': `filename ${b64(e.nomFichier)},idTypeCritere ${b64(String(e.idTypeCritere))}`,
            },
            [201],
          );
          const location = created?.headers.location;
          if (!location) return false;
          const patched = await call(
            'tus-patch',
            'PATCH',
            location,
            { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
            [204],
            proof,
          );
          if (!patched) return false;
          uploads.push(location.slice(location.lastIndexOf('/') + 1));
        }
        const deposit = await call(
          'deposit',
          'PUT',
          api('campus/dossier'),
          { ...auth, 'content-type': 'application/json' },
          [201],
          JSON.stringify({
            listeDossierCritere: entries.map((e, i) => ({
              idTypeCritere: e.idTypeCritere,
              idCritere: e.idCritere,
              televersement: uploads[i],
            })),
          }),
        );
        if (!deposit) return false;
        lastToken = { token, at: signedAt };
        if (
          !(await call(
            'dashboard',
            'GET',
            api(`campus/dossier/etudiant/${encodeURIComponent(s.ine)}`),
            auth,
            [200],
          ))
        )
          return false;
        // No bed yet: 404 is the expected answer.
        return !!(await call('assignment', 'GET', api('campus/affectation/etudiant'), auth, [200, 404]));
      };

    const heldSteps: SeasonStep[] = [];
    // A warm-up (the fresh instances compile their code), then each step; a step missed on its
    // latency alone (no error) is run once more, since other work on the machine comes and goes.
    const plan: { rate: number; seconds: number; kind?: 'warm-up' | 'repeat' }[] = [
      { rate: opts.steps[0], seconds: Math.min(5, opts.stepSeconds), kind: 'warm-up' },
      ...opts.steps.map((rate) => ({ rate, seconds: opts.stepSeconds })),
    ];
    for (let k = 0; k < plan.length; k++) {
      const { rate, seconds: stepSeconds, kind } = plan[k];
      const count = Math.round(rate * stepSeconds);
      const ms: Record<string, number[]> = {};
      const errs: Record<string, number> = {};
      const samples: string[] = [];
      const mailWaits: number[] = [];
      let ok = 0;
      let failed = 0;
      const rec = (type: CallType, t0: number, good: boolean, what?: string) => {
        (ms[type] ??= []).push(performance.now() - t0);
        if (!good) {
          errs[type] = (errs[type] ?? 0) + 1;
          if (what && samples.length < 8) samples.push(`${type} : ${what}`);
        }
        return good;
      };
      const call = async (
        type: CallType,
        method: string,
        route: string,
        headers: Record<string, string>,
        expect: number[],
        body?: Buffer | string,
      ): Promise<Answer | null> => {
        const t0 = performance.now();
        try {
          const a = await request(agent, base, method, route, headers, body);
          return rec(type, t0, expect.includes(a.status), `${a.status} ${a.body.slice(0, 160)}`) ? a : null;
        } catch (e) {
          rec(type, t0, false, (e as Error).message);
          return null;
        }
      };
      const journey = makeJourney(call, samples, mailWaits);

      const la = (await import('node:os')).loadavg()[0];
      // Read once to start the collections' count at the step.
      await Promise.all(servers.map((s) => s.loopDelay()));
      const cpuBefore = {
        servers: cpuOf(servers.map((s) => s.pid)),
        haproxy: cpuOf([haproxy.pid]),
        redis: cpuOf([redis.pid]),
        driver: process.cpuUsage(),
        pg: await backends.snapshot(),
      };
      const t0 = performance.now();
      let late = 0;
      const running: Promise<void>[] = [];
      for (let i = 0; i < count; i++) {
        const due = t0 + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        late = Math.max(late, performance.now() - due);
        const s = students[nextStudent++ % students.length];
        running.push(
          journey(s).then(
            (good) => void (good ? ok++ : failed++),
            (e: unknown) => {
              failed++;
              if (samples.length < 8) samples.push(`parcours : ${(e as Error).message}`);
            },
          ),
        );
      }
      const drained = await Promise.race([
        Promise.all(running).then(() => true),
        sleep(DRAIN_MS).then(() => false),
      ]);
      const wall = (performance.now() - t0) / 1000;
      const pgAfter = await backends.snapshot();
      const gcRead = await Promise.all(servers.map((s) => s.loopDelay()));
      const gc = gcRead.every((g) => g?.gc)
        ? {
            major: gcRead.reduce((a, g) => a + g!.gc!.major, 0),
            majorMs: round(gcRead.reduce((a, g) => a + g!.gc!.majorMs, 0)),
          }
        : null;
      const pgDelta = PgBackends.delta(cpuBefore.pg, pgAfter);
      const drv = process.cpuUsage(cpuBefore.driver);
      const cpu = {
        servers: Math.round(cpuOf(servers.map((s) => s.pid)) - cpuBefore.servers),
        postgres: Math.round(pgDelta.ms),
        haproxy: Math.round(cpuOf([haproxy.pid]) - cpuBefore.haproxy),
        redis: Math.round(cpuOf([redis.pid]) - cpuBefore.redis),
        driver: Math.round((drv.user + drv.system) / 1000),
        pgBackendsLost: pgDelta.lost,
      };
      if (!drained) {
        failed += count - ok - failed;
        samples.push(`parcours encore en cours après ${DRAIN_MS / 1000} s`);
      }
      const all = Object.values(ms).flat();
      const errors = Object.values(errs).reduce((a, b) => a + b, 0);
      const byType: Record<string, Latency> = {};
      for (const t of CALL_TYPES) if (ms[t]) byType[t] = latency(ms[t], errs[t] ?? 0);
      const calls = latency(all, errors);
      const mw = [...mailWaits].sort((a, b) => a - b);
      const step: SeasonStep = {
        rate,
        seconds: stepSeconds,
        journeys: count,
        journeysOk: ok,
        journeysFailed: failed,
        callsPerSecond: round(all.length / stepSeconds),
        wallSeconds: round(wall),
        calls,
        byType,
        errorSamples: samples,
        mailWaitMs: { p50: Math.round(quantile(mw, 0.5)), p95: Math.round(quantile(mw, 0.95)) },
        lateMs: Math.round(late),
        openSockets: openSockets(),
        loadAverage: round(la, 2),
        cpuMs: cpu,
        cpuPerJourneyMs: ok ? round((cpu.servers + cpu.postgres) / ok) : null,
        gc,
        held: drained && failed === 0 && errors === 0 && calls.p95 < 1000,
        ...(kind ? { kind } : {}),
      };
      report.steps.push(step);
      log(
        `   ${kind === 'warm-up' ? '(chauffe) ' : kind === 'repeat' ? '(de nouveau) ' : ''}${String(rate).padStart(3)} parcours/s × ${stepSeconds} s : ${ok}/${count} entiers, ${step.callsPerSecond} appels/s, ` +
          `p50 ${calls.p50} ms p95 ${calls.p95} ms p99 ${calls.p99} ms, ${errors} erreurs ; CPU serveurs ${cpu.servers} ms + PostgreSQL ${cpu.postgres} ms ` +
          `(${step.cpuPerJourneyMs ?? '—'} ms/parcours), HAProxy ${cpu.haproxy} ms, pilote ${cpu.driver} ms ; retard ${step.lateMs} ms ; charge ${step.loadAverage}` +
          `${step.held ? '' : ' → NON TENU'}`,
      );
      log(
        `      p95 par appel : ${Object.entries(byType)
          .map(([t, l]) => `${t} ${l.p95}${l.errors ? ` (${l.errors} err)` : ''}`)
          .join(', ')} ; courriel p50 ${step.mailWaitMs.p50} ms`,
      );
      if (samples.length) log(`      erreurs : ${samples.slice(0, 4).join(' | ')}`);
      if (kind === 'warm-up') {
        await sleep(1_000);
        continue;
      }
      if (!step.held) {
        if (kind !== 'repeat' && errors === 0 && drained && failed === 0) {
          plan.splice(k + 1, 0, { rate, seconds: stepSeconds, kind: 'repeat' });
          await sleep(3_000);
          continue;
        }
        break;
      }
      heldSteps.push(step);
      report.held = { rate, callsPerSecond: step.callsPerSecond, p95: calls.p95 };
      // The next step starts on a quiet server.
      await sleep(1_000);
    }
    const judged = report.steps.filter((s) => s.kind !== 'warm-up');
    const judgedJourneys = judged.reduce((a, s) => a + s.journeysOk, 0);
    if (judgedJourneys)
      report.cpuPerJourneyAllStepsMs = round(
        judged.reduce((a, s) => a + s.cpuMs.servers + s.cpuMs.postgres, 0) / judgedJourneys,
      );
    const journeys = heldSteps.reduce((a, s) => a + s.journeysOk, 0);
    if (journeys) {
      const sum = (k: 'servers' | 'postgres' | 'haproxy') => heldSteps.reduce((a, s) => a + s.cpuMs[k], 0);
      report.cpuPerJourneyMs = round((sum('servers') + sum('postgres')) / journeys);
      report.cpuPerJourneySplitMs = {
        servers: round(sum('servers') / journeys),
        postgres: round(sum('postgres') / journeys),
        haproxy: round(sum('haproxy') / journeys),
      };
    }
    if (opts.perCallJourneys > 0) {
      // The instance quiet again, then journeys one at a time, each call charged its own CPU.
      await sleep(2_000);
      report.perCall = await perCallCosts(
        opts.perCallJourneys,
        servers.map((s) => s.pid),
        backends,
        (call, samples) => makeJourney(call, samples, []),
        () => students[nextStudent++ % students.length],
        (method, route, headers, body) => request(agent, base, method, route, headers, body),
      );
      const pc = report.perCall;
      log(
        `   CPU par appel (${pc.ok}/${pc.journeys} parcours un par un, serveur + PostgreSQL, ms) : ${pc.calls
          .map(
            (c) =>
              `${c.type} ${round(c.serversMs + c.postgresMs)} (${round(c.serversMs)} + ${round(c.postgresMs)})`,
          )
          .join(', ')}`,
      );
      log(
        `      un parcours : ${pc.perJourneyMs.calls} ms dans ses appels + ${pc.perJourneyMs.between} ms entre eux (courriel, tâches) = ${pc.perJourneyMs.total} ms ; ` +
          `sans appel, ${pc.idleMsPerSecond.servers} + ${pc.idleMsPerSecond.postgres} ms/s (tâches de fond)` +
          `${pc.errorSamples.length ? ` ; erreurs : ${pc.errorSamples.slice(0, 3).join(' | ')}` : ''}`,
      );
    }
    report.checks = await acrossInstances(
      opts,
      agent,
      base,
      report,
      students[students.length - 1],
      lastToken,
    );
    log(`   vérifications : ${JSON.stringify(report.checks)}`);
  } catch (e) {
    report.error = (e as Error).message;
    log(`   ÉCHEC : ${report.error}\n${servers.map((s) => s.logs.slice(-20).join('')).join('\n')}`);
  } finally {
    mailbox?.stop();
    agent.destroy();
    await backends.close();
    await haproxy?.stop();
    for (const s of servers) {
      if (s.child.exitCode !== null)
        log(`   l'instance ${s.pid} s'est arrêtée : ${s.logs.slice(-20).join('')}`);
      await s.stop();
    }
    await redis.stop();
  }
  return report;
}

export interface PerCallCosts {
  journeys: number;
  ok: number;
  /** Per call type, the mean CPU of one call (the node instances, the database's backends), ms. */
  calls: { type: CallType; count: number; errors: number; serversMs: number; postgresMs: number }[];
  /**
   * Per journey completed, ms: CPU during its calls, CPU between them (the mail worker sending
   * the password, the workers' polling while the driver waits for the mail), their sum.
   */
  perJourneyMs: { calls: number; between: number; total: number; servers: number; postgres: number };
  /** CPU a second of the instances and the database's backends while no call came (workers polling), ms. */
  idleMsPerSecond: { servers: number; postgres: number };
  errorSamples: string[];
}

/**
 * `count` journeys one after the other, nothing else on the instances meanwhile: the CPU of the
 * instances (every thread, argon2id's included) and of the database's backends read to the
 * nanosecond (`cpuNs`) before and after each call, so that each call type gets its own cost.
 */
async function perCallCosts(
  count: number,
  serverPids: (number | undefined)[],
  backends: PgBackends,
  makeJourney: (call: Call, samples: string[]) => (s: SeasonStudent) => Promise<boolean>,
  nextStudent: () => SeasonStudent,
  send: (
    method: string,
    route: string,
    headers: Record<string, string>,
    body?: Buffer | string,
  ) => Promise<Answer>,
): Promise<PerCallCosts> {
  // The database's backends asked before and after each call: one that ends meanwhile (the pool
  // closes idle connections) is left out, one born meanwhile counts whole.
  const now = async () => {
    const pg = new Map<number, number>();
    for (const pid of await backends.pids()) {
      const ns = cpuNs(pid);
      if (ns !== null) pg.set(pid, ns);
    }
    return { servers: serverPids.reduce<number>((a, p) => a + (cpuNs(p) ?? 0), 0), pg };
  };
  const delta = (before: Awaited<ReturnType<typeof now>>, after: Awaited<ReturnType<typeof now>>) => {
    let postgres = 0;
    for (const [pid, ns] of after.pg) postgres += ns - (before.pg.get(pid) ?? 0);
    return { servers: after.servers - before.servers, postgres };
  };
  const byType = new Map<CallType, { count: number; errors: number; servers: number; postgres: number }>();
  const inCalls = { servers: 0, postgres: 0 };
  const samples: string[] = [];
  const measured: Call = async (type, method, route, headers, expect, body) => {
    const before = await now();
    let answer: Answer | null = null;
    try {
      const a = await send(method, route, headers, body);
      if (expect.includes(a.status)) answer = a;
      else if (samples.length < 8) samples.push(`${type} : ${a.status} ${a.body.slice(0, 160)}`);
    } catch (e) {
      if (samples.length < 8) samples.push(`${type} : ${(e as Error).message}`);
    }
    const d = delta(before, await now());
    const t = byType.get(type) ?? { count: 0, errors: 0, servers: 0, postgres: 0 };
    byType.set(type, t);
    t.count++;
    if (!answer) t.errors++;
    t.servers += d.servers;
    t.postgres += d.postgres;
    inCalls.servers += d.servers;
    inCalls.postgres += d.postgres;
    return answer;
  };
  // The instances left alone first: what their workers cost while no student calls.
  const idleFrom = await now();
  const idleStarted = performance.now();
  await sleep(IDLE_MS);
  const idle = delta(idleFrom, await now());
  const idleSeconds = (performance.now() - idleStarted) / 1000;
  const journey = makeJourney(measured, samples);
  const whole = { servers: 0, postgres: 0 };
  let ok = 0;
  for (let i = 0; i < count; i++) {
    const before = await now();
    if (await journey(nextStudent()).catch(() => false)) ok++;
    const d = delta(before, await now());
    whole.servers += d.servers;
    whole.postgres += d.postgres;
  }
  const ms = (ns: number, n: number) => (n ? Math.round(ns / n / 1e4) / 100 : 0);
  const n = Math.max(ok, 1);
  const calls = ms(inCalls.servers + inCalls.postgres, n);
  const total = ms(whole.servers + whole.postgres, n);
  return {
    journeys: count,
    ok,
    calls: CALL_TYPES.filter((t) => byType.has(t)).map((type) => {
      const t = byType.get(type)!;
      return {
        type,
        count: t.count,
        errors: t.errors,
        serversMs: ms(t.servers, t.count),
        postgresMs: ms(t.postgres, t.count),
      };
    }),
    perJourneyMs: {
      calls,
      between: Math.round((total - calls) * 100) / 100,
      total,
      servers: ms(whole.servers, n),
      postgres: ms(whole.postgres, n),
    },
    idleMsPerSecond: {
      servers: Math.round(idle.servers / 1e4 / idleSeconds) / 100,
      postgres: Math.round(idle.postgres / 1e4 / idleSeconds) / 100,
    },
    errorSamples: samples,
  };
}

/** No write lost, no limit passed across instances. */
async function acrossInstances(
  opts: SeasonOptions,
  agent: http.Agent,
  base: URL,
  report: SeasonReport,
  spare: SeasonStudent,
  last: { token: string; at: number } | undefined,
): Promise<NonNullable<SeasonReport['checks']>> {
  const registered201 = report.steps.reduce(
    (a, s) => a + (s.byType.register?.count ?? 0) - (s.byType.register?.errors ?? 0),
    0,
  );
  const deposited201 = report.steps.reduce(
    (a, s) => a + (s.byType.deposit?.count ?? 0) - (s.byType.deposit?.errors ?? 0),
    0,
  );
  const client = new pg.Client({ connectionString: opts.databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  let accounts = 0;
  let dossiers = 0;
  let proofsWhole = 0;
  try {
    const like = `${opts.prefix}%`;
    accounts = Number(
      (await client.query<{ n: string }>('SELECT count(*) AS n FROM users WHERE user_name LIKE $1', [like]))
        .rows[0].n,
    );
    const r = await client.query<{ dossiers: string; proofs: string }>(
      `SELECT count(DISTINCT d.id_dossier) AS dossiers,
              count(dc.id_dossier_critere) FILTER (WHERE doc.complet AND doc.taille = $2) AS proofs
         FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
         LEFT JOIN dossier_critere dc ON dc.id_dossier = d.id_dossier
         LEFT JOIN document doc ON doc.cle = dc.cle_fichier
        WHERE r.ine LIKE $1`,
      [like, proof.length],
    );
    dossiers = Number(r.rows[0].dossiers);
    proofsWhole = Number(r.rows[0].proofs);
  } finally {
    await client.end();
  }
  // The look-up's failure limit, for all instances together: wrong birth dates of one INE,
  // sent one after the other through the balancer (so to every instance in turn).
  let before429 = 0;
  const wrong = spare.dateNaissance === '1990-01-01' ? '1990-01-02' : '1990-01-01';
  for (let i = 0; i < SEASON_INE_MAX_FAILURES * opts.instances + 5; i++) {
    const a = await request(
      agent,
      base,
      'GET',
      `${API_BASE}/campus-auth/hebergement-etudiant/${spare.ine}?dateNaissance=${wrong}`,
      { accept: 'application/json' },
    );
    if (a.status === 429) break;
    if (a.status === 404) before429++;
  }
  // The upload calls' limit per account (Redis, REDIS_URL): HEADs of an unknown upload by the
  // last student to deposit, through the balancer (so to every instance in turn), until 429. The
  // calls its journey made may or may not be in the same window: the HEADs answered before the
  // 429 must not pass the limit (counted by each instance alone, two would answer twice as many).
  let uploadCallsBefore429: number | null = null;
  if (last && Date.now() - last.at < 30_000) {
    let n = 0;
    for (let i = 0; i < SEASON_UPLOAD_RATE_PER_MINUTE * opts.instances + 5; i++) {
      const a = await request(
        agent,
        base,
        'HEAD',
        `${API_BASE}/campus/televersement/0123456789abcdef0123456789abcdef`,
        {
          authorization: `Bearer ${last.token}`,
          'tus-resumable': '1.0.0',
        },
      );
      if (a.status === 429) break;
      n++;
    }
    uploadCallsBefore429 = n;
  }
  return {
    registered201,
    accounts,
    deposited201,
    dossiers,
    proofsWhole,
    lostWrites:
      Math.max(0, registered201 - accounts) +
      Math.max(0, deposited201 - dossiers) +
      Math.max(0, 3 * deposited201 - proofsWhole),
    ineLimit: SEASON_INE_MAX_FAILURES,
    ineFailuresBefore429: before429,
    uploadLimit: SEASON_UPLOAD_RATE_PER_MINUTE,
    uploadCallsBefore429,
  };
}
