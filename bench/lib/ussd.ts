/**
 * The USSD menu under load (docs/ussd.md, docs/benchmarks.md#the-ussd-menu-under-load), PostgreSQL
 * only: sessions of four steps each arrive at a fixed rate (an open loop: a session starts on time
 * whether or not the server kept up), each from its own verified phone, through the gateway's call
 * as the operator makes it (`POST /service/api/ussd`, form-encoded, the shared secret in
 * `X-USSD-Secret`). Each step's answer must be the exact screen expected: the main menu, the
 * dossier (none), the main menu again (« 0 Retour »), the rent (none).
 *
 * The students are written by SQL in the bench's own database (INE prefix `US`, registry rows of
 * Ouagadougou, accounts whose verified phone is `+22609xxxxxx`: no demo number starts so). The CPU
 * of the server and of PostgreSQL's backends over the run, read from /proc, gives the cost of a
 * session and the rate two cores would hold at most (the ceiling when the rate is not reached).
 */
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { USSD_PATH } from '../../src/domain/api';
import { ussdAnswer } from '../../src/domain/messages-ussd';
import { USSD_CODE } from '../../src/domain/ussd';
import { ussdSecret } from '../../src/server/modules/ussd/secret';
import { heldRate } from './held-rate';
import { cpuOf, PgBackends } from './infra';
import { insertStudents } from './stage';

/** The steps of a session: the inputs sent (`text`) and the screen each must answer. */
export const USSD_STEPS = [
  { text: '', expected: ussdAnswer('MENU') },
  { text: '1', expected: ussdAnswer('DOSSIER_AUCUN') },
  { text: '1*0', expected: ussdAnswer('MENU') },
  { text: '1*0*3', expected: ussdAnswer('LOYER_AUCUN') },
] as const;

export interface UssdStepStats {
  text: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface UssdReport {
  /** Sessions a second asked (the arrival rate) and for how long (s). */
  rate: number;
  seconds: number;
  /** Sessions started, those whose four steps came back (any answer), those whose four screens were the ones expected. */
  sessions: number;
  sessionsEnded: number;
  sessionsDone: number;
  /** Sessions a second answered right (done ÷ the time from the first start to the last end): the rate reached. */
  sessionsPerSecond: number;
  requests: number;
  /** Every screen (every step together), ms. */
  latency: { p50: number; p95: number; p99: number; max: number };
  steps: UssdStepStats[];
  /** Answers not 2xx, socket errors and timeouts, and 200s that were not the screen expected. */
  non2xx: number;
  socketErrors: number;
  wrongScreens: number;
  /** One example of a wrong screen and of a socket error, for the log. */
  wrongExample?: string;
  errorExample?: string;
  errors: number;
  /** CPU over the run: the server, PostgreSQL's backends of the bench's database, the bench's own client. */
  cpu: { serverMs: number; postgresMs: number; clientMs: number; perSessionMs: number };
  /** Sessions a second the machine's cores would hold at most at that cost (server + PostgreSQL). */
  ceilingPerSecond: number;
  cores: number;
  loadAverage: number[];
  phones: number;
  prepareSeconds: number;
}

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

function quantiles(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] : 0);
  return { p50: round(q(0.5)), p95: round(q(0.95)), p99: round(q(0.99)), max: round(s.at(-1) ?? 0) };
}

/** `count` students with an account and a verified phone, written by SQL; their phones. */
export async function prepareUssdStudents(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query('BEGIN');
    const made = await insertStudents(client, {
      prefix: 'US',
      count,
      prenom: 'USSD',
      searchWord: 'ussd',
      passwordHash: 'sans-mot-de-passe',
      phone: `'+22609' || right(reg.ine, 6)`,
    });
    await client.query('COMMIT');
    await client.query('ANALYZE registre_etudiant; ANALYZE users');
    return made.map((r) => r.telephone!).sort();
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

interface Answer {
  status: number;
  body: string;
  ms: number;
  error?: string;
}

function post(agent: http.Agent, url: URL, secret: string, form: string): Promise<Answer> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: USSD_PATH,
        method: 'POST',
        agent,
        timeout: 10_000,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(form),
          'x-ussd-secret': secret,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - t0,
          }),
        );
        res.on('error', (e) =>
          resolve({ status: 0, body: '', ms: performance.now() - t0, error: e.message }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('délai dépassé (10 s)')));
    req.on('error', (e) => resolve({ status: 0, body: '', ms: performance.now() - t0, error: e.message }));
    req.end(form);
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Sessions at `rate` a second for `seconds` (after `warmupSeconds` at the same rate, not counted),
 * each its own phone. Needs `rate × (seconds + warmupSeconds)` phones, made here.
 */
export async function benchUssd(opts: {
  baseUrl: string;
  databaseUrl: string;
  dbName: string;
  pid: number | undefined;
  jwtSecret: string;
  rate: number;
  seconds: number;
  warmupSeconds: number;
  log: (s: string) => void;
}): Promise<UssdReport> {
  const started = Date.now();
  const warmSessions = opts.rate * opts.warmupSeconds;
  const sessions = opts.rate * opts.seconds;
  const phones = await prepareUssdStudents(opts.databaseUrl, warmSessions + sessions);
  const prepareSeconds = round((Date.now() - started) / 1000);
  opts.log(`   ${phones.length} étudiants au téléphone vérifié, écrits par SQL en ${prepareSeconds} s`);
  const secret = ussdSecret({ USSD_SECRET: undefined }, opts.jwtSecret);
  const url = new URL(opts.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const runId = Date.now().toString(36);

  const all: number[] = [];
  const perStep: number[][] = USSD_STEPS.map(() => []);
  let non2xx = 0;
  let socketErrors = 0;
  let wrongScreens = 0;
  let wrongExample: string | undefined;
  let errorExample: string | undefined;
  let done = 0;
  let ended = 0;
  let lastEnd = 0;
  /** When each counted session answered right ended: the rate is read from them (`heldRate`). */
  const rightEnds: number[] = [];

  const session = async (i: number, counted: boolean) => {
    const phone = phones[i];
    const sessionId = `banc-${runId}-${i}`;
    let right = true;
    for (const [k, step] of USSD_STEPS.entries()) {
      const form = new URLSearchParams({
        sessionId,
        serviceCode: USSD_CODE,
        phoneNumber: phone,
        text: step.text,
      }).toString();
      const a = await post(agent, url, secret, form);
      if (!counted) continue;
      all.push(a.ms);
      perStep[k].push(a.ms);
      if (a.error || a.status !== 200 || a.body !== step.expected) right = false;
      if (a.error) {
        socketErrors++;
        errorExample ??= `« ${step.text} » → ${a.error}`;
      } else if (a.status < 200 || a.status > 299) non2xx++;
      else if (a.body !== step.expected) {
        wrongScreens++;
        wrongExample ??= `« ${step.text} » → ${a.body.slice(0, 120)}`;
      }
    }
    if (counted) {
      ended++;
      lastEnd = performance.now();
      if (right) {
        done++;
        rightEnds.push(lastEnd);
      }
    }
  };

  /** Starts `count` sessions from phone `first` on, evenly at the rate (open loop). */
  const arrivals = async (first: number, count: number, counted: boolean) => {
    const running: Promise<void>[] = [];
    const t0 = performance.now();
    for (let n = 0; n < count; n++) {
      const due = t0 + (n * 1000) / opts.rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      running.push(session(first + n, counted));
    }
    await Promise.all(running);
    return t0;
  };

  const backends = new PgBackends(opts.databaseUrl, opts.dbName);
  await backends.open();
  try {
    if (warmSessions) await arrivals(0, warmSessions, false);
    await sleep(500);
    const before = { node: cpuOf([opts.pid]), pg: await backends.snapshot(), client: process.cpuUsage() };
    const t0 = await arrivals(warmSessions, sessions, true);
    const serverMs = cpuOf([opts.pid]) - before.node;
    const postgresMs = PgBackends.delta(before.pg, await backends.snapshot()).ms;
    const c = process.cpuUsage(before.client);
    const clientMs = (c.user + c.system) / 1000;
    const cores = os.cpus().length;
    const perSessionMs = (serverMs + postgresMs) / Math.max(1, ended);
    const report: UssdReport = {
      rate: opts.rate,
      seconds: opts.seconds,
      sessions,
      sessionsEnded: ended,
      sessionsDone: done,
      // Sessions answered right a second, read between the ends of the first and the last
      // hundredth of them (`heldRate`): a session is four screens one after the other, so timing
      // from the first arrival would count one session's length as lost throughput (2,000
      // sessions in 10 s plus 0.6 s read 189/s while every arrival was answered in step), and
      // timing from the first end to the last hung the figure on two sessions (one of 2,000
      // ending 5 ms late read 199.9/s). A server that falls behind ends its sessions later
      // throughout, and the rate read falls with it; a wrong session is not counted.
      sessionsPerSecond: heldRate(rightEnds),
      requests: all.length,
      latency: quantiles(all),
      steps: USSD_STEPS.map((s, k) => ({ text: s.text, count: perStep[k].length, ...quantiles(perStep[k]) })),
      non2xx,
      socketErrors,
      wrongScreens,
      wrongExample,
      errorExample,
      errors: non2xx + socketErrors + wrongScreens,
      cpu: {
        serverMs: Math.round(serverMs),
        postgresMs: Math.round(postgresMs),
        clientMs: Math.round(clientMs),
        perSessionMs: round(perSessionMs, 2),
      },
      ceilingPerSecond: perSessionMs > 0 ? Math.round((cores * 1000) / perSessionMs) : 0,
      cores,
      loadAverage: os.loadavg().map((l) => round(l, 2)),
      phones: phones.length,
      prepareSeconds,
    };
    opts.log(
      `   ${done}/${sessions} sessions justes (${ended} terminées) en ${round((lastEnd - t0) / 1000)} s (${report.sessionsPerSecond}/s pour ${opts.rate}/s demandées) ; ` +
        `écran p50 ${report.latency.p50} ms, p95 ${report.latency.p95} ms, p99 ${report.latency.p99} ms, max ${report.latency.max} ms ; ` +
        `erreurs ${report.errors} (non-2xx ${non2xx}, réseau ${socketErrors}, écran inattendu ${wrongScreens}${wrongExample ? ` : ${wrongExample}` : ''}${errorExample ? ` ; ${errorExample}` : ''})`,
    );
    opts.log(
      `   par étape : ${report.steps.map((s) => `« ${s.text} » p99 ${s.p99} ms`).join(', ')} ; ` +
        `CPU serveur ${report.cpu.serverMs} ms + PostgreSQL ${report.cpu.postgresMs} ms = ${report.cpu.perSessionMs} ms la session ` +
        `(plafond ${report.ceilingPerSecond} sessions/s sur ${cores} cœurs ; client du banc ${report.cpu.clientMs} ms) ; charge ${report.loadAverage.join(' ')}`,
    );
    return report;
  } finally {
    await backends.close();
    agent.destroy();
  }
}
