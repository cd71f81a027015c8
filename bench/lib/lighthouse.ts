/**
 * Lighthouse (mobile: its default Moto G Power profile, simulated slow 4G, 4× CPU slowdown) on the
 * five routes a student opens: performance and accessibility scores, driving Debian's Chromium
 * through chrome-launcher (`--headless=new --no-sandbox`).
 *
 * Signed-in routes: a student registers through the public API (the demo's registry), its mailed
 * password is read from the server's mail folder, the API's sign-in answer is the record the web
 * client stores. Each route gets a fresh Chromium profile: playwright opens it once on the health
 * URL (same origin, no asset of the app, so the HTTP cache stays cold), writes the record in
 * localStorage and closes; Lighthouse then runs on that profile with `disableStorageReset` (else it
 * would wipe the record). Visitor routes get the same cold, empty profile.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { passwordOf, readMailDir } from '../../tests/helpers/mail';
import { USER_KEY } from '../../src/web/lib/auth';
import { api, registrationBody, type RegistryStudent } from './api';
import { medianRun } from './lighthouse-median';
import { mainThreadCpu, type MainThreadCpu, type TraceEventLike } from './trace-cpu';

export const LIGHTHOUSE_ROUTES = [
  { path: '/', signedIn: false },
  { path: '/connexion', signedIn: false },
  { path: '/inscription', signedIn: false },
  { path: '/depot', signedIn: true },
  { path: '/tableau-de-bord', signedIn: true },
  // Without a slot here (the demo student has none): the page's own weight and its « no campaign »
  // state; the room-choice stage runs it again for a student whose slot is open (bench/lib/room-choice.ts).
  { path: '/choix-chambre', signedIn: true },
] as const;

export interface LighthouseRun {
  path: string;
  signedIn: boolean;
  /** 0–100, null when Lighthouse could not score it: the median run's (`medianRun`). */
  performance: number | null;
  /** Every run's performance, in their order (BENCH_LIGHTHOUSE_RUNS). */
  performanceRuns?: (number | null)[];
  accessibility: number | null;
  finalUrl: string;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  /**
   * Lighthouse's measure of the host's CPU at that run (`environment.benchmarkIndex`): its mobile
   * score multiplies the page's main-thread time as observed by 4, so the same page scores lower
   * on a busy host (a quiet one here is about 1,000; under a load of 30 on two cores, 170 to 420).
   */
  benchmarkIndex?: number | null;
  /**
   * The page's main thread from the trace Lighthouse recorded, in thread CPU time (which other
   * processes on the host do not stretch, unlike the wall time Lighthouse's TBT reads):
   * `mainThreadCpu`. Absent when the trace has no main thread.
   */
  mainThreadCpu?: MainThreadCpu | null;
  /** The service worker's script was blocked (BENCH_LIGHTHOUSE_NO_SW=1, for comparison). */
  serviceWorkerBlocked?: boolean;
  /** Lighthouse's largest opportunities (estimated savings), for a score under target. */
  opportunities?: string[];
  error?: string;
}

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/**
 * Lighthouse runs a route (BENCH_LIGHTHOUSE_RUNS, 3 by default): its figure is the run of median
 * performance. One run of the same build on two shared cores varied by up to 19 points (decision 149).
 */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 1);

const NO_SW = process.env.BENCH_LIGHTHOUSE_NO_SW === '1';
/** BENCH_LIGHTHOUSE_REPORTS=<folder>: each route's whole Lighthouse report (JSON) and its trace written there, to study. */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS?.trim() || undefined;

export async function mailTo(dir: string, address: string): Promise<string> {
  // A minute: on a loaded machine the mail worker took more than 20 s to write one (30 November).
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const mail = readMailDir(dir).find((m) => m.to.includes(address));
    if (mail) return passwordOf(mail);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`aucun courriel pour ${address} dans ${dir}`);
}

/** A demo student with no account registers, reads its password and signs in: the stored record. */
async function studentRecord(baseUrl: string, dataDir: string, adminToken: string): Promise<unknown> {
  // Only students without an account (the registration scenario and the weak-network stages
  // register many of the registry's first students).
  const res = await api<RegistryStudent[]>(
    baseUrl,
    'GET',
    'campus/registre-etudiant?page=0&size=200&compte=false',
    { token: adminToken },
  );
  if (res.status !== 200 || !Array.isArray(res.body)) throw new Error(`registre : ${res.status}`);
  const s = res.body.filter((x) => !x.compte).at(-1);
  if (!s) throw new Error('aucun étudiant du registre sans compte');
  const email = `lighthouse.${s.ine.toLowerCase()}@exemple.bf`;
  const reg = await api(baseUrl, 'POST', 'campus-auth/hebergement-etudiant', {
    body: registrationBody(s, email),
  });
  if (reg.status !== 201)
    throw new Error(`inscription refusée (${reg.status}) : ${JSON.stringify(reg.body)}`);
  const password = await mailTo(path.join(dataDir, 'mail'), email);
  const signin = await api(baseUrl, 'POST', 'campus-auth/signin', { body: { username: s.ine, password } });
  if (signin.status !== 200) throw new Error(`connexion refusée (${signin.status})`);
  return signin.body;
}

async function prepareProfile(dir: string, baseUrl: string, record: unknown | null): Promise<void> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    if (record) {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${baseUrl}/service/api/health`);
      await page.evaluate(([k, v]) => window.localStorage.setItem(k, v), [USER_KEY, JSON.stringify(record)]);
    }
  } finally {
    await context.close();
  }
}

const ms = (audits: Record<string, { numericValue?: number }>, id: string) =>
  audits[id]?.numericValue === undefined ? null : Math.round(audits[id].numericValue!);

interface AuditLike {
  title: string;
  score: number | null;
  displayValue?: string;
  details?: { type?: string; overallSavingsMs?: number; items?: { url?: string }[] };
  metricSavings?: Record<string, number>;
}

/** The three audits with the largest estimated savings (ms, opportunities first), as `title (value)`. */
function topOpportunities(audits: Record<string, AuditLike>): string[] {
  const savings = (a: AuditLike) =>
    a.details?.overallSavingsMs ??
    Math.max(0, ...Object.values(a.metricSavings ?? {}).filter((v) => v > 0 && v < 60_000));
  return Object.values(audits)
    .filter((a) => a.score !== null && a.score < 0.9 && savings(a) > 0)
    .sort((a, b) => savings(b) - savings(a))
    .slice(0, 3)
    .map((a) => {
      // The files it names (their paths), two at most.
      const urls = (a.details?.items ?? [])
        .map((i) => (typeof i.url === 'string' && /^https?:/.test(i.url) ? new URL(i.url).pathname : null))
        .filter((u): u is string => u !== null)
        .slice(0, 2);
      return `${a.title} (${Math.round(savings(a))} ms${a.displayValue ? `, ${a.displayValue}` : ''}${urls.length ? `: ${urls.join(', ')}` : ''})`;
    });
}

export async function benchLighthouse(opts: {
  baseUrl: string;
  dataDir: string;
  adminToken: string;
  /** Where Chromium's profiles and temporary folders go (cleaned after). */
  tmpDir: string;
  log: (s: string) => void;
  /** Other routes than the student's five, with the signed-in record to use (no registration then). */
  only?: { routes: readonly { path: string; signedIn: boolean }[]; record: unknown };
}): Promise<LighthouseRun[]> {
  mkdirSync(opts.tmpDir, { recursive: true });
  const savedTmp = process.env.TMPDIR;
  process.env.TMPDIR = opts.tmpDir;
  const runs: LighthouseRun[] = [];
  try {
    const record = opts.only
      ? opts.only.record
      : await studentRecord(opts.baseUrl, opts.dataDir, opts.adminToken);
    for (const route of opts.only?.routes ?? LIGHTHOUSE_ROUTES) {
      const first = runs.length;
      for (let take = 1; take <= LIGHTHOUSE_RUNS; take += 1) {
        // Lighthouse's own "run again" (NO_NAVSTART: its trace missed the navigation's start, seen
        // about once in ten runs of /tableau-de-bord on a quiet machine): one more run, said in the log.
        for (let attempt = 1; ; attempt += 1) {
          const profile = path.join(opts.tmpDir, `profil-${route.path.replace(/\W/g, '') || 'accueil'}`);
          rmSync(profile, { recursive: true, force: true });
          const url = `${opts.baseUrl}${route.path}`;
          try {
            await prepareProfile(profile, opts.baseUrl, route.signedIn ? record : null);
            const chrome = await chromeLauncher.launch({
              chromePath: CHROMIUM,
              userDataDir: profile,
              chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
            });
            try {
              const result = await lighthouse(
                url,
                {
                  port: chrome.port,
                  output: 'json',
                  logLevel: 'error',
                  onlyCategories: ['performance', 'accessibility'],
                  disableStorageReset: true,
                  // BENCH_LIGHTHOUSE_NO_SW=1: the worker's script blocked, to compare (it registers
                  // once the page has loaded and precaches the student's pages meanwhile).
                  ...(NO_SW ? { blockedUrlPatterns: ['*/sw.js'] } : {}),
                },
                undefined,
              );
              const lhr = result?.lhr;
              if (!lhr) throw new Error('pas de rapport');
              if (REPORTS) {
                mkdirSync(REPORTS, { recursive: true });
                const name = `${route.path.replace(/\W/g, '') || 'accueil'}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
                writeFileSync(path.join(REPORTS, name), JSON.stringify(lhr));
                // Lighthouse's own trace beside it: each task's CPU time and what ran in it
                // (`node --import tsx bench/trace-tasks.ts <file>`).
                const kept = (result?.artifacts as { Trace?: unknown } | undefined)?.Trace;
                if (kept)
                  writeFileSync(
                    path.join(REPORTS, name.replace(/\.json$/, '.trace.json')),
                    JSON.stringify(kept),
                  );
              }
              // A page Lighthouse could not score says why (e.g. NO_LCP, NO_FCP).
              const why =
                lhr.runtimeError?.code ??
                (lhr.audits['largest-contentful-paint']?.errorMessage ||
                  lhr.audits['first-contentful-paint']?.errorMessage);
              const score = (id: string) => {
                const s = lhr.categories[id]?.score;
                return s === null || s === undefined ? null : Math.round(s * 100);
              };
              const audits = lhr.audits as Record<string, { numericValue?: number }>;
              const trace = (result?.artifacts as { Trace?: { traceEvents: TraceEventLike[] } } | undefined)
                ?.Trace;
              runs.push({
                path: route.path,
                signedIn: route.signedIn,
                performance: score('performance'),
                accessibility: score('accessibility'),
                finalUrl: new URL(lhr.finalDisplayedUrl).pathname,
                fcpMs: ms(audits, 'first-contentful-paint'),
                lcpMs: ms(audits, 'largest-contentful-paint'),
                tbtMs: ms(audits, 'total-blocking-time'),
                benchmarkIndex:
                  typeof lhr.environment?.benchmarkIndex === 'number'
                    ? Math.round(lhr.environment.benchmarkIndex)
                    : null,
                mainThreadCpu: trace ? mainThreadCpu(trace) : null,
                serviceWorkerBlocked: NO_SW,
                ...(why ? { error: why } : {}),
                opportunities: topOpportunities(lhr.audits as unknown as Record<string, AuditLike>),
              });
            } finally {
              await chrome.kill();
            }
          } catch (err) {
            runs.push({
              path: route.path,
              signedIn: route.signedIn,
              performance: null,
              accessibility: null,
              finalUrl: '',
              fcpMs: null,
              lcpMs: null,
              tbtMs: null,
              error: (err as Error).message,
            });
          }
          const r = runs.at(-1)!;
          opts.log(
            `   ${route.path.padEnd(17)} performance ${r.performance ?? '?'}, accessibilité ${r.accessibility ?? '?'}` +
              (r.error
                ? ` (erreur : ${r.error})`
                : ` → ${r.finalUrl}, FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms` +
                  (r.benchmarkIndex ? `, indice CPU ${r.benchmarkIndex}` : '') +
                  (r.mainThreadCpu
                    ? ` ; fil principal : ${r.mainThreadCpu.tasks} tâches, ${r.mainThreadCpu.wallMs} ms au mur, ${r.mainThreadCpu.cpuMs} ms de CPU (la plus longue ${r.mainThreadCpu.longestCpuMs}, ${r.mainThreadCpu.longTasks} longues ×4, blocage CPU ×4 ${r.mainThreadCpu.cpuBlockingMs} ms)`
                    : '') +
                  (r.opportunities?.length ? ` ; à gagner : ${r.opportunities.join(' ; ')}` : '')),
          );
          rmSync(profile, { recursive: true, force: true });
          if (attempt === 1 && runs.at(-1)?.error === 'NO_NAVSTART') {
            runs.pop();
            opts.log(`   ${route.path.padEnd(17)} NO_NAVSTART : Lighthouse relancé une fois`);
            continue;
          }
          break;
        }
      }
      // The route's figure: its median run (Lighthouse's own advice against its variance), every
      // run's score kept beside it.
      const takes = runs.splice(first);
      const chosen = medianRun(takes);
      runs.push(chosen);
      if (takes.length > 1)
        opts.log(
          `   ${route.path.padEnd(17)} médiane de ${takes.length} passages : performance ${chosen.performance ?? '?'} (${takes.map((t) => t.performance ?? '?').join(', ')}), TBT ${chosen.tbtMs ?? '?'} ms`,
        );
    }
  } finally {
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
  }
  return runs;
}

export interface InstallabilityRun {
  path: string;
  /** `Page.getInstallabilityErrors`: each error's id and arguments; empty when installable. */
  errors: string[];
  finalUrl: string;
  /** The service worker controlled the page when asked (the app registers it after the load). */
  serviceWorker: boolean;
  error?: string;
}

/**
 * Lighthouse 12 has no PWA category: installability is asked of Chromium itself, through CDP's
 * `Page.getInstallabilityErrors`, on each student route of a persistent profile (an incognito-like
 * context would answer `in-incognito`) where the service worker may run, signed in for the
 * student's own pages.
 */
export async function benchInstallability(opts: {
  baseUrl: string;
  dataDir: string;
  adminToken: string;
  tmpDir: string;
  log: (s: string) => void;
}): Promise<InstallabilityRun[]> {
  mkdirSync(opts.tmpDir, { recursive: true });
  const record = await studentRecord(opts.baseUrl, opts.dataDir, opts.adminToken);
  const profile = path.join(opts.tmpDir, 'profil-installable');
  rmSync(profile, { recursive: true, force: true });
  const runs: InstallabilityRun[] = [];
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(60_000);
    await page.goto(`${opts.baseUrl}/service/api/health`);
    await page.evaluate(([k, v]) => window.localStorage.setItem(k, v), [USER_KEY, JSON.stringify(record)]);
    const cdp = await context.newCDPSession(page);
    for (const route of LIGHTHOUSE_ROUTES) {
      const run: InstallabilityRun = { path: route.path, errors: [], finalUrl: '', serviceWorker: false };
      try {
        await page.goto(`${opts.baseUrl}${route.path}`, { waitUntil: 'load' });
        run.serviceWorker = await page
          .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
          .then(
            () => true,
            () => false,
          );
        const res = (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
        };
        run.errors = res.installabilityErrors.map(
          (e) =>
            `${e.errorId}${e.errorArguments.length ? ` (${e.errorArguments.map((a) => `${a.name}=${a.value}`).join(', ')})` : ''}`,
        );
        run.finalUrl = new URL(page.url()).pathname;
      } catch (err) {
        run.error = (err as Error).message.split('\n')[0];
      }
      runs.push(run);
      opts.log(
        `   ${route.path.padEnd(17)} installable : ${run.error ? `erreur ${run.error}` : run.errors.length ? run.errors.join(' ; ') : 'oui'} → ${run.finalUrl}, service worker ${run.serviceWorker ? 'actif' : 'absent'}`,
      );
    }
  } finally {
    await context.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
  return runs;
}
