/**
 * `db-cut` (issue 23, PostgreSQL only): the database lost under load and back. One instance of its
 * own reaches PostgreSQL through a TCP proxy of the bench (bench/lib/infra.ts, PgCutProxy); a steady
 * load of reads (INE look-ups, the cités list, the health check) runs while the proxy closes every
 * connection and refuses new ones for BENCH_DB_CUT_SECONDS (5), then lets them through again. The
 * machine's PostgreSQL is never stopped.
 *
 * Reported: each answer's status by phase (before, during, after the cut), 500s and other 5xx
 * besides 503 (docs/operations.md#faults: never a 500; 503 with Retry-After while the database is away), whether
 * the 503s carry Retry-After, and the recovery: from the database's return to the first moment
 * after which every read answered 2xx to the end.
 */
import http from 'node:http';
import { API_BASE, signin } from './api';
import { PgCutProxy } from './infra';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startServer, type BenchServer } from './server';
import type { SeasonStudent } from './season';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface DbCutReport {
  rate: number;
  cutSeconds: number;
  phases: Record<'before' | 'during' | 'after', Record<string, number>>;
  /** 500 answers and 5xx other than 503, over the whole scenario. */
  status500: number;
  status503: number;
  /** 503 answers without a Retry-After header. */
  status503WithoutRetryAfter: number;
  socketErrors: number;
  /** From the database's return to the last failed read, s (null: reads still failing at the end). */
  recoverySeconds: number | null;
  failureSamples: string[];
  /** The instance's process ended during the scenario: its exit code or signal, and its last log lines. */
  serverExited?: { code: number | null; signal: string | null; lastLog: string };
  error?: string;
}

export async function benchDbCut(opts: {
  databaseUrl: string;
  students: SeasonStudent[];
  log: (s: string) => void;
  rate?: number;
  cutSeconds?: number;
}): Promise<DbCutReport> {
  const rate = opts.rate ?? 40;
  const cutSeconds = opts.cutSeconds ?? 5;
  const target = new URL(opts.databaseUrl);
  const proxy = new PgCutProxy(target.hostname, Number(target.port || 5432));
  await proxy.start();
  const report: DbCutReport = {
    rate,
    cutSeconds,
    phases: { before: {}, during: {}, after: {} },
    status500: 0,
    status503: 0,
    status503WithoutRetryAfter: 0,
    socketErrors: 0,
    recoverySeconds: null,
    failureSamples: [],
  };
  let server: BenchServer | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
  try {
    server = await startServer({ databaseUrl: proxy.url(opts.databaseUrl) });
    const base = new URL(server.baseUrl);
    const token = await signin(server.baseUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    let phase: 'before' | 'during' | 'after' = 'before';
    let restoredAt = 0;
    let lastFailureAfter = -1;
    const one = (i: number): Promise<void> =>
      new Promise((resolve) => {
        const kind = i % 3;
        const s = opts.students[i % opts.students.length];
        const route =
          kind === 0
            ? `${API_BASE}/campus-auth/hebergement-etudiant/${s.ine}?dateNaissance=${s.dateNaissance}`
            : kind === 1
              ? `${API_BASE}/campus/cite`
              : '/service/api/health';
        const sentIn = phase;
        const headers: Record<string, string> = { accept: 'application/json' };
        if (kind === 1) headers.authorization = `Bearer ${token}`;
        const done = (status: number, retryAfter: boolean, what: string) => {
          const key = status ? String(status) : 'erreur';
          report.phases[sentIn][key] = (report.phases[sentIn][key] ?? 0) + 1;
          if (status === 503) {
            report.status503++;
            if (!retryAfter) report.status503WithoutRetryAfter++;
          } else if (status >= 500) report.status500++;
          if (!status) report.socketErrors++;
          const failed = kind !== 2 && (status < 200 || status >= 300);
          if (failed && report.failureSamples.length < 6) report.failureSamples.push(`${sentIn} ${what}`);
          if (failed && sentIn === 'after') lastFailureAfter = Math.max(lastFailureAfter, performance.now());
          resolve();
        };
        const req = http.get(new URL(route, base), { agent, headers, timeout: 15_000 }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            done(
              res.statusCode ?? 0,
              res.headers['retry-after'] !== undefined,
              `${res.statusCode} ${route.slice(0, 60)} ${Buffer.concat(chunks).toString('utf8').slice(0, 120)}`,
            ),
          );
          res.on('error', (e) => done(0, false, e.message));
        });
        req.on('timeout', () => req.destroy(new Error('délai dépassé (15 s)')));
        req.on('error', (e) => done(0, false, `${e.message} ${route.slice(0, 60)}`));
      });
    const pending: Promise<void>[] = [];
    const t0 = performance.now();
    const total = (5 + cutSeconds + 20) * rate;
    for (let i = 0; i < total; i++) {
      const due = t0 + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const elapsed = (performance.now() - t0) / 1000;
      if (phase === 'before' && elapsed >= 5) {
        phase = 'during';
        await proxy.cut();
        opts.log(`   base coupée à ${elapsed.toFixed(1)} s`);
      } else if (phase === 'during' && elapsed >= 5 + cutSeconds) {
        await proxy.restore();
        restoredAt = performance.now();
        phase = 'after';
        opts.log(`   base rendue à ${elapsed.toFixed(1)} s`);
      }
      pending.push(one(i));
    }
    await Promise.all(pending);
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      report.serverExited = {
        code: server.child.exitCode,
        signal: server.child.signalCode,
        lastLog: server.logs.join('').slice(-1500),
      };
      opts.log(
        `   l'instance s'est arrêtée (${server.child.exitCode ?? server.child.signalCode}) :\n${report.serverExited.lastLog}`,
      );
    }
    report.recoverySeconds =
      lastFailureAfter < 0 ? 0 : Math.round(((lastFailureAfter - restoredAt) / 1000) * 10) / 10;
    // Still failing in the last two seconds of the scenario: not recovered.
    if (lastFailureAfter > performance.now() - 2_000 && lastFailureAfter > 0) report.recoverySeconds = null;
    opts.log(
      `   ${JSON.stringify(report.phases)} ; 500 et autres 5xx : ${report.status500}, 503 : ${report.status503} (${report.status503WithoutRetryAfter} sans Retry-After), rétabli en ${report.recoverySeconds ?? 'jamais'} s`,
    );
    if (report.failureSamples.length) opts.log(`   exemples : ${report.failureSamples.join(' | ')}`);
  } catch (e) {
    report.error = (e as Error).message;
    opts.log(`   ÉCHEC : ${report.error}`);
  } finally {
    agent.destroy();
    await proxy.restore().catch(() => undefined);
    await server?.stop();
    await proxy.stop();
  }
  return report;
}
