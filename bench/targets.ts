/**
 * Targets of `npm run bench` for CENOU's opening day on the reference machine (2 cores, PGlite by
 * default). Why these figures: docs/benchmarks.md. A miss prints FAIL; it never fails the run.
 */
import type { LoadResult } from './lib/load';
import type { AssignmentReport } from './lib/assignment';
import type { BenchResults, ExportRun, TargetOutcome } from './lib/results';

type Measure = (r: BenchResults) => number | null | undefined;

export interface Target {
  id: string;
  description: string;
  /** `max`: the measure must not exceed the limit; `min`: must reach it. */
  kind: 'max' | 'min';
  limit: number;
  unit: string;
  measure: Measure;
}

const KB = 1024;

const staffExport = (r: BenchResults) =>
  (r as BenchResults & { staffExport?: ExportRun & { expectedRows?: number } }).staffExport;
const assignment = (r: BenchResults) => (r as BenchResults & { assignment?: AssignmentReport }).assignment;

const scenario = (r: BenchResults, id: string): LoadResult | undefined =>
  r.scenarios.find((s) => s.id === id);
const p99 =
  (id: string): Measure =>
  (r) =>
    scenario(r, id)?.latencyMs.p99;
const rps =
  (id: string): Measure =>
  (r) =>
    scenario(r, id)?.rps;
/** Answers that are not 2xx, plus socket errors and timeouts. */
const failures =
  (id: string): Measure =>
  (r) => {
    const s = scenario(r, id);
    return s ? s.non2xx + s.errors + s.timeouts : undefined;
  };

/** The routes a student opens on a phone (the staff's screens are not counted): extend as student pages land. */
export const STUDENT_ROUTES = [
  'HomePage',
  'FaqPage',
  'LoginPage',
  'PasswordPage',
  'RegistrationPage',
  'DocumentsIndex',
  'DocumentPage',
];

/** What a student downloads to register on opening day: the entry, the registration page, the toast that confirms it. */
export const REGISTRATION_PATH = ['RegistrationPage', 'ToastWidget'];

function pathBrotli(r: BenchResults, routes: string[]): number | undefined {
  const found = r.lightClient.routes.filter((x) => routes.includes(x.route));
  if (!found.length) return undefined;
  const files = new Map<string, number>();
  for (const f of [...r.lightClient.entry.files, ...found.flatMap((x) => x.files)])
    files.set(f.file, f.brotli);
  return [...files.values()].reduce((a, b) => a + b, 0);
}

export const TARGETS: Target[] = [
  // The public INE look-up: the first call of every student on opening day.
  {
    id: 'ine.p99',
    description: 'INE look-up, p99 at 100 connections',
    kind: 'max',
    limit: 300,
    unit: 'ms',
    measure: p99('ine-lookup'),
  },
  {
    id: 'ine.rps',
    description: 'INE look-up, throughput',
    kind: 'min',
    limit: 300,
    unit: 'req/s',
    measure: rps('ine-lookup'),
  },
  {
    id: 'ine.errors',
    description: 'INE look-up, non-2xx + errors',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: failures('ine-lookup'),
  },
  // Sign-in and registration are bound by argon2id (19 MiB, t=2), on purpose.
  {
    id: 'signin.rps',
    description: 'Sign-in (argon2id), throughput at 20 connections',
    kind: 'min',
    limit: 20,
    unit: 'req/s',
    measure: rps('signin'),
  },
  {
    id: 'signin.p99',
    description: 'Sign-in (argon2id), p99 at 20 connections',
    kind: 'max',
    limit: 2000,
    unit: 'ms',
    measure: p99('signin'),
  },
  {
    id: 'signin.errors',
    description: 'Sign-in, non-2xx + errors',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: failures('signin'),
  },
  {
    id: 'register.rps',
    description: 'Account creation by INE, throughput at 20 connections',
    kind: 'min',
    limit: 15,
    unit: 'req/s',
    measure: rps('registration'),
  },
  {
    id: 'register.errors',
    description: 'Account creation, non-2xx + errors',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: failures('registration'),
  },
  // The deposit (issue 8 item 9), PostgreSQL only: three 1 MB proofs streamed to storage per request.
  {
    id: 'deposit.rps',
    description: 'Dossier deposit (multipart, 3 PDF of 1 MB), throughput at 20 connections',
    kind: 'min',
    limit: 30,
    unit: 'req/s',
    measure: rps('deposit'),
  },
  {
    id: 'deposit.errors',
    description: 'Dossier deposit, non-2xx + errors',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: failures('deposit'),
  },
  {
    id: 'deposit.rss',
    description: 'Dossier deposit, server RSS at peak during the run (proofs streamed, never held whole)',
    kind: 'max',
    limit: 300,
    unit: 'MB',
    measure: (r) => scenario(r, 'deposit')?.serverRssPeakMb,
  },
  // The staff's paged lists: tens of agents, 10 connections.
  ...(['staff-lit', 'staff-registre-q', 'staff-registre-last', 'staff-cite'] as const).flatMap(
    (id): Target[] => [
      {
        id: `${id}.p99`,
        description: `${id}, p99 at 10 connections`,
        kind: 'max',
        limit: 500,
        unit: 'ms',
        measure: p99(id),
      },
      {
        id: `${id}.errors`,
        description: `${id}, non-2xx + errors`,
        kind: 'max',
        limit: 0,
        unit: '',
        measure: failures(id),
      },
    ],
  ),
  // Issue 9 at national scale (BENCH_DOSSIERS=100000, PostgreSQL): the deposit list and the beds.
  ...(['staff-dossier-q', 'staff-lit'] as const).flatMap((id): Target[] => [
    {
      id: `${id}.rps`,
      description: `${id}, throughput at 10 connections`,
      kind: 'min',
      limit: 500,
      unit: 'req/s',
      measure: rps(id),
    },
    {
      id: `${id}.p99-100`,
      description: `${id}, p99 at 10 connections`,
      kind: 'max',
      limit: 100,
      unit: 'ms',
      measure: p99(id),
    },
  ]),
  // The staff dashboard (GET campus/dash-board, every direction): read from the counters the writes
  // keep (migration 0009), so its cost no longer grows with the registry. 200 req/s at 10
  // connections is ten times what the staff could ever ask (every agent of every direction
  // reloading the page each second); p99 < 100 ms keeps the page instant (decision 012).
  {
    id: 'staff-dash.rps',
    description: 'staff-dash, throughput at 10 connections (counters, not a recount)',
    kind: 'min',
    limit: 200,
    unit: 'req/s',
    measure: rps('staff-dash'),
  },
  {
    id: 'staff-dash.p99-100',
    description: 'staff-dash, p99 at 10 connections',
    kind: 'max',
    limit: 100,
    unit: 'ms',
    measure: p99('staff-dash'),
  },
  ...(['staff-dossier-last', 'staff-dash'] as const).map((id): Target => ({
    id: `${id}.p99`,
    description: `${id}, p99 at 10 connections`,
    kind: 'max',
    limit: 500,
    unit: 'ms',
    measure: p99(id),
  })),
  {
    id: 'export.dossier.time',
    description: 'XLSX export of every dossier, time to last byte (issue 9: < 15 s at 100,000)',
    kind: 'max',
    limit: 15_000,
    unit: 'ms',
    measure: (r) => staffExport(r)?.ttlbMs,
  },
  {
    id: 'export.dossier.rows',
    description: 'XLSX export of every dossier, rows missing (the list total minus the rows read back)',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) => {
      const e = staffExport(r);
      return e?.expectedRows === undefined ? undefined : e.expectedRows - e.rows;
    },
  },
  {
    id: 'export.dossier.rss',
    description: 'XLSX export of every dossier, server RSS at peak',
    kind: 'max',
    limit: 300,
    unit: 'MB',
    measure: (r) => staffExport(r)?.rssPeakMb,
  },
  {
    id: 'assignment.fill.time',
    description:
      'Automatic assignment of 6,000 accepted students to 6,000 beds, to the last byte (issue 12: < 2 s)',
    kind: 'max',
    limit: 2000,
    unit: 'ms',
    measure: (r) => assignment(r)?.fillMs,
  },
  {
    id: 'assignment.concurrent.faults',
    description:
      '50 assignment requests at once on one cité: answers other than 200/409, beds or students twice',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) => {
      const a = assignment(r)?.concurrent;
      return a ? a.errors + a.bedsTwice + a.studentsTwice : undefined;
    },
  },
  // The agency's statistics (bench/lib/statistics.ts, PostgreSQL only).
  {
    id: 'statistics.server',
    description:
      'Statistics (GET campus/statistiques), 5 years × 13 cités at 100,000 dossiers a year: server + PostgreSQL CPU a call',
    kind: 'max',
    limit: 200,
    unit: 'ms',
    measure: (r) => (r.statistics ? r.statistics.serverCpuMs + r.statistics.dbCpuMs : undefined),
  },
  {
    id: 'statistics.time',
    description: 'Statistics, 5 years × 13 cités, median of 20 calls to the last byte',
    kind: 'max',
    limit: 200,
    unit: 'ms',
    measure: (r) => r.statistics?.medianMs,
  },
  // Issue 26: rent at 6,000 assignments × 10 instalments (bench/lib/rent.ts, PostgreSQL only).
  {
    id: 'rent.page.first',
    description: 'Arrears list (GET campus/loyer), first page of 6,000 assignments, median of 20 calls',
    kind: 'max',
    limit: 50,
    unit: 'ms',
    measure: (r) => r.rent?.pages[0]?.medianMs,
  },
  {
    id: 'rent.page.sorted',
    description: 'Arrears list, one cité sorted by arrears (every assignment’s due sum), median of 20 calls',
    kind: 'max',
    limit: 50,
    unit: 'ms',
    measure: (r) => r.rent?.pages[1]?.medianMs,
  },
  {
    id: 'rent.page.server',
    description: 'Arrears list, server + PostgreSQL CPU a call, slowest of its first and sorted pages',
    kind: 'max',
    limit: 50,
    unit: 'ms',
    measure: (r) =>
      r.rent ? Math.max(...r.rent.pages.slice(0, 2).map((p) => p.serverCpuMs + p.dbCpuMs)) : undefined,
  },
  {
    id: 'rent.xlsx.time',
    description: 'Arrears list XLSX of 6,000 assignments, to the last byte',
    kind: 'max',
    limit: 5000,
    unit: 'ms',
    measure: (r) => r.rent?.xlsx.ms,
  },
  {
    id: 'rent.xlsx.rows',
    description: 'Arrears list XLSX: rows missing or extra (read back with exceljs) against the list’s total',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) => (r.rent ? Math.abs(r.rent.xlsx.rows - r.rent.xlsx.expectedRows) : undefined),
  },
  {
    id: 'rent.fill.time',
    description:
      'Automatic fill of 6,000 beds with its 60,000 instalments (the rent stage’s own, issue 12: < 2 s)',
    kind: 'max',
    limit: 2000,
    unit: 'ms',
    measure: (r) => r.rent?.fillMs,
  },
  // Room choice (bench/lib/room-choice.ts, PostgreSQL only): the free rooms, one slot on two instances.
  {
    id: 'room-choice.rooms.read',
    description:
      'Free rooms of a cité of 2,500 beds (GET campus/choix-chambre/chambres), read of the database, p95 of 40 (`BENCH_RC_READS`)',
    kind: 'max',
    limit: 50,
    unit: 'ms',
    measure: (r) => r.roomChoice?.rooms?.read.p95,
  },
  {
    id: 'room-choice.rooms.cpu',
    description:
      'Free rooms of a cité of 2,500 beds, read of the database: CPU of the instance and of PostgreSQL a read (mean of 40)',
    kind: 'max',
    limit: 50,
    unit: 'ms',
    measure: (r) => r.roomChoice?.rooms?.cpuPerReadMs,
  },
  {
    id: 'room-choice.rooms.size',
    description: 'Free rooms of a cité of 2,500 beds, gzip body',
    kind: 'max',
    limit: 30 * KB,
    unit: 'B',
    measure: (r) => r.roomChoice?.rooms?.gzipBytes,
  },
  {
    id: 'room-choice.rooms.304',
    description: 'Free rooms asked again with the tag of the last read, nothing changed: 304',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) =>
      r.roomChoice?.rooms ? (r.roomChoice.rooms.notModifiedStatus === 304 ? 0 : 1) : undefined,
  },
  {
    id: 'room-choice.slot.hold.p95',
    description: 'A slot of 500 students (50 groups of four) in one minute, two instances: hold p95',
    kind: 'max',
    limit: 500,
    unit: 'ms',
    measure: (r) => r.roomChoice?.slot?.calls.hold.p95,
  },
  {
    id: 'room-choice.slot.confirm.p95',
    description: 'The same slot: confirmation p95',
    kind: 'max',
    limit: 1000,
    unit: 'ms',
    measure: (r) => r.roomChoice?.slot?.calls.confirm.p95,
  },
  {
    id: 'room-choice.slot.errors',
    description: 'The same slot: errors (any answer but 2xx, 304 and a hold’s 409 retried elsewhere)',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) => r.roomChoice?.slot?.errors,
  },
  {
    id: 'room-choice.slot.twice',
    description: 'The same slot, read in the database: beds held or assigned twice, students given two beds',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) => {
      const c = r.roomChoice?.slot?.checks;
      return c
        ? c.bedsAssignedTwice + c.bedsHeldTwice + c.studentsWithTwoBeds + c.heldAndAssigned
        : undefined;
    },
  },
  {
    id: 'room-choice.slot.housed',
    description: 'The same slot: students without a bed at the end (every one chose)',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) =>
      r.roomChoice?.slot ? r.roomChoice.slot.students - r.roomChoice.slot.checks.studentsHoused : undefined,
  },
  // Life in the cité (bench/lib/cite-life.ts, PostgreSQL only, two instances behind HAProxy).
  {
    id: 'cite-life.arrivals.lost',
    description:
      'Arrival week: a sample of BENCH_CITE_ARRIVALS (30) of the 6,000 inventories (12 elements, 24 photos of 300 KB through tus) at the peak rate, 10 a minute: inventories and photos missing in the database afterwards',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) => r.citeLife?.arrivals?.lost,
  },
  {
    id: 'cite-life.arrivals.errors',
    description: 'The same sample: answers other than expected (201, 204), socket errors, timeouts',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) => r.citeLife?.arrivals?.errors,
  },
  {
    id: 'cite-life.arrivals.p95',
    description:
      'The same sample: p95 of each kind of answer (photo created, photo sent, inventory), the slowest of the three',
    kind: 'max',
    limit: 1000,
    unit: 'ms',
    measure: (r) => {
      const c = r.citeLife?.arrivals?.calls;
      return c ? Math.max(c['tus-create'].p95, c['tus-patch'].p95, c.inventory.p95) : undefined;
    },
  },
  {
    id: 'cite-life.repairs.page.first',
    description:
      'Repair requests (GET campus/intervention) as a central manager, 50,000 requests: first page, median of 20 calls on one instance',
    kind: 'max',
    limit: 50,
    unit: 'ms',
    measure: (r) => r.citeLife?.repairs?.pages[0]?.medianMs,
  },
  {
    id: 'cite-life.repairs.page.filtered',
    description:
      'The same list filtered and sorted (the slower of two: new urgent ones by due date, page 2; late plumbing by report date), median of 20 calls',
    kind: 'max',
    limit: 50,
    unit: 'ms',
    measure: (r) =>
      r.citeLife?.repairs ? Math.max(...r.citeLife.repairs.pages.slice(1).map((p) => p.medianMs)) : undefined,
  },
  {
    id: 'cite-life.repairs.page.server',
    description: 'The same list: instance + PostgreSQL CPU a call, slowest of its three pages',
    kind: 'max',
    limit: 50,
    unit: 'ms',
    measure: (r) =>
      r.citeLife?.repairs
        ? Math.max(...r.citeLife.repairs.pages.map((p) => p.serverCpuMs + p.dbCpuMs))
        : undefined,
  },
  {
    id: 'cite-life.repairs.job',
    description:
      'The repairs job over 50,000 requests, run one day ahead: the late ones told (SMS queued) and the resolved ones closed by themselves',
    kind: 'max',
    limit: 1000,
    unit: 'ms',
    measure: (r) => r.citeLife?.repairs?.job.ms,
  },
  {
    id: 'cite-life.repairs.xlsx.time',
    description: 'Repair requests XLSX, all 50,000, to the last byte',
    kind: 'max',
    limit: 5000,
    unit: 'ms',
    measure: (r) => r.citeLife?.repairs?.xlsx.ms,
  },
  {
    id: 'cite-life.repairs.xlsx.rows',
    description:
      'Repair requests XLSX: rows missing or extra (read back with exceljs) against the list’s total',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) =>
      r.citeLife?.repairs
        ? r.citeLife.repairs.xlsx.status === 200
          ? Math.abs(r.citeLife.repairs.xlsx.rows - r.citeLife.repairs.xlsx.expectedRows)
          : Infinity
        : undefined,
  },
  // Static files, precompressed.
  {
    id: 'static.index.p99',
    description: 'GET / (br), p99 at 100 connections',
    kind: 'max',
    limit: 100,
    unit: 'ms',
    measure: p99('static-index'),
  },
  {
    id: 'static.entry.rps',
    description: 'Entry JS (br, about 80 KB), throughput at 100 connections',
    kind: 'min',
    limit: 300,
    unit: 'req/s',
    measure: rps('static-entry-js'),
  },
  {
    id: 'static.entry.p99',
    description: 'Entry JS (br), p99 at 100 connections',
    kind: 'max',
    limit: 500,
    unit: 'ms',
    measure: p99('static-entry-js'),
  },
  {
    id: 'static.entry.br',
    description: 'Entry JS answered with Content-Encoding: br',
    kind: 'min',
    limit: 1,
    unit: '',
    measure: (r) => {
      const e = r.meta.staticEncoding.find((s) => s.path.includes('/assets/'));
      return e ? (e.contentEncoding === 'br' ? 1 : 0) : undefined;
    },
  },
  // Export of every bed.
  {
    id: 'export.lit.time',
    description: 'CSV export of every bed, slowest time to last byte (alone)',
    kind: 'max',
    limit: 3000,
    unit: 'ms',
    measure: (r) =>
      r.exports?.sequential.length ? Math.max(...r.exports.sequential.map((e) => e.ttlbMs)) : undefined,
  },
  {
    id: 'export.lit.rows',
    description: 'CSV export of every bed, rows missing (beds of the demo minus rows)',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) => {
      const beds = r.meta.demo.beds;
      const runs = r.exports?.sequential ?? [];
      return beds === null || !runs.length ? undefined : Math.max(...runs.map((e) => beds - e.rows));
    },
  },
  {
    id: 'export.lit.memory',
    description: 'CSV export, server RSS growth at peak with 4 exports at once',
    kind: 'max',
    limit: 64,
    unit: 'MB',
    measure: (r) => {
      const c = r.exports?.concurrent;
      return c && c.rssPeakMb !== null && c.rssBeforeMb !== null ? c.rssPeakMb - c.rssBeforeMb : undefined;
    },
  },
  {
    id: 'export.registre.time',
    description:
      'CSV export of the whole registry, time to last byte (national size with BENCH_REGISTRY_SIZE=100000: issue 7 asks < 5 s)',
    kind: 'max',
    limit: 5_000,
    unit: 'ms',
    measure: (r) => {
      const e = r.exports?.registry;
      return e ? (e.error || e.rows < r.meta.demo.students ? Number.POSITIVE_INFINITY : e.ttlbMs) : undefined;
    },
  },
  {
    id: 'export.registre.memory',
    description:
      'CSV export of the whole registry, server RSS growth at peak (keyset batches: bounded, not proportional to the rows)',
    kind: 'max',
    limit: 96,
    unit: 'MB',
    measure: (r) => {
      const e = r.exports?.registry;
      return e && e.rssPeakMb !== null && e.rssBeforeMb !== null ? e.rssPeakMb - e.rssBeforeMb : undefined;
    },
  },
  // The light client.
  {
    id: 'client.entry.br',
    description: 'Entry bundle (HTML + JS + CSS), brotli',
    kind: 'max',
    limit: 200,
    unit: 'KB',
    measure: (r) => r.lightClient.entry.brotli / KB,
  },
  {
    id: 'client.student-routes.br',
    description: 'Largest student route chunk added to the entry (STUDENT_ROUTES), brotli',
    kind: 'max',
    limit: 30,
    unit: 'KB',
    measure: (r) => {
      const found = r.lightClient.routes.filter((x) => STUDENT_ROUTES.includes(x.route));
      return found.length ? Math.max(...found.map((x) => x.brotli)) / KB : undefined;
    },
  },
  {
    id: 'client.registration-path.br',
    description: `Opening-day path: entry + ${REGISTRATION_PATH.join(' + ')}, brotli`,
    kind: 'max',
    limit: 200,
    unit: 'KB',
    measure: (r) => {
      const b = pathBrotli(r, REGISTRATION_PATH);
      return b === undefined ? undefined : b / KB;
    },
  },
  {
    id: 'client.text-fonts',
    description: 'Text font files shipped (the icon font aside)',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) => r.lightClient.fonts.filter((f) => !/primeicons/i.test(f.file)).length,
  },
  {
    id: 'client.icon-font',
    description: 'Icon font (primeicons woff2), raw',
    kind: 'max',
    limit: 40,
    unit: 'KB',
    measure: (r) =>
      r.lightClient.fonts.filter((f) => /primeicons/i.test(f.file)).reduce((a, f) => a + f.raw, 0) / KB,
  },
  // Issue 13 item 6: each student route's first load, and Lighthouse mobile on it (bench/lib/lighthouse.ts).
  ...['/', '/connexion', '/inscription', '/depot', '/tableau-de-bord', '/choix-chambre'].flatMap(
    (p): Target[] => [
      {
        id: `client.first-load.js.gzip ${p}`,
        description: `${p}: JS of the first load (entry + page chunk), gzip`,
        kind: 'max',
        limit: 150,
        unit: 'KB',
        measure: (r) => {
          const w = r.studentRoutes?.find((x) => x.path === p);
          return w?.found ? w.jsGzip / KB : undefined;
        },
      },
      {
        id: `lighthouse.performance ${p}`,
        description: `${p}: Lighthouse mobile performance score`,
        kind: 'min',
        limit: 90,
        unit: '',
        // The choice page: the run of the room-choice stage (a slot open, 625 rooms) when there is one.
        measure: (r) =>
          (r.roomChoice?.lighthouse ?? r.lighthouse)?.find((x) => x.path === p)?.performance ??
          r.lighthouse?.find((x) => x.path === p)?.performance,
      },
      {
        id: `lighthouse.accessibility ${p}`,
        description: `${p}: Lighthouse accessibility score`,
        kind: 'min',
        limit: 95,
        unit: '',
        measure: (r) =>
          (r.roomChoice?.lighthouse ?? r.lighthouse)?.find((x) => x.path === p)?.accessibility ??
          r.lighthouse?.find((x) => x.path === p)?.accessibility,
      },
    ],
  ),
  // Issue 22: the student on a weak network (bench/lib/weak-network.ts, bench/lib/tus-concurrency.ts).
  // The helper's session (docs/procurations.md): the same figures as the student's own deposit.
  ...(['weak-deposit', 'weak-deposit-reopen', 'weak-deposit-helper'] as const).flatMap((id): Target[] => [
    {
      id: `${id}.completed`,
      description: `${id}: the deposit's receipt shown with no action but waiting (1 = yes)`,
      kind: 'min',
      limit: 1,
      unit: '',
      measure: (r) => {
        const d = r.weakNetwork?.deposits?.find((x) => x.id === id);
        return d ? Number(d.completed) : undefined;
      },
    },
    {
      id: `${id}.bytes`,
      description: `${id}: proof bytes sent (PATCH bodies on the wire) ÷ the proofs' size`,
      kind: 'max',
      limit: 1.1,
      unit: '×',
      measure: (r) => {
        const d = r.weakNetwork?.deposits?.find((x) => x.id === id);
        return d?.completed ? d.ratio : undefined;
      },
    },
  ]),
  ...['/', '/connexion', '/depot', '/tableau-de-bord'].map((p): Target => ({
    id: `offline-open ${p}`,
    description: `${p}: opened offline (3G profile) after one visit, to its main heading visible`,
    kind: 'max',
    limit: 1000,
    unit: 'ms',
    measure: (r) => {
      // /connexion: the visitor's (a student signed in is sent on to its dashboard).
      const o = r.weakNetwork?.offlineOpen?.runs.find(
        (x) => x.path === p && x.cpuRate === 1 && x.signedIn === (p !== '/connexion'),
      );
      return o ? (o.headingMs ?? Infinity) : undefined;
    },
  })),
  {
    id: 'client-installable',
    description: 'Installability errors (CDP Page.getInstallabilityErrors) over the student routes',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) => {
      const runs = r.weakNetwork?.installability;
      return runs?.length ? runs.reduce((a, x) => a + x.errors.length + (x.error ? 1 : 0), 0) : undefined;
    },
  },
  {
    id: 'tus-concurrency.finished',
    description: 'tus: 200 uploads of 1 MB at once, uploads whole afterwards',
    kind: 'min',
    limit: 200,
    unit: '',
    measure: (r) => r.weakNetwork?.tusConcurrency?.finished,
  },
  {
    id: 'tus-concurrency.rss',
    description:
      'tus: server RSS peak minus baseline while 200 MB come in (a whole file each would be 200 MB)',
    kind: 'max',
    limit: 100,
    unit: 'MB',
    measure: (r) => r.weakNetwork?.tusConcurrency?.rssGrowthMb,
  },
  {
    id: 'photos-pdf.ms',
    description: 'Three 3 MB phone photos made into one PDF by the dialog, CPU slowed 4×',
    kind: 'max',
    limit: 3000,
    unit: 'ms',
    measure: (r) => {
      const p = r.weakNetwork?.photosPdf;
      return p ? (p.error ? Infinity : p.totalMs) : undefined;
    },
  },
  {
    id: 'photos-pdf.size',
    description: 'The PDF of the three photos (its upload’s Upload-Length), in thousands of bytes',
    kind: 'max',
    limit: 900,
    unit: 'KB',
    measure: (r) => {
      const p = r.weakNetwork?.photosPdf;
      return p ? (p.pdfBytes === null ? Infinity : p.pdfBytes / 1000) : undefined;
    },
  },
  // The USSD menu (bench/lib/ussd.ts, PostgreSQL only): 200 sessions of four screens a second, each
  // from its own verified phone. The rate stays the target on a machine that cannot reach it: the
  // log says the rate reached and the ceiling the CPU a session gives.
  {
    id: 'ussd.rate',
    description: 'USSD: sessions of four screens answered right a second (200 asked, open loop)',
    kind: 'min',
    limit: 200,
    unit: 'sessions/s',
    measure: (r) => r.ussd?.sessionsPerSecond,
  },
  {
    id: 'ussd.p99',
    description: 'USSD: each screen answered, p99 over every step of every session',
    kind: 'max',
    limit: 300,
    unit: 'ms',
    measure: (r) => r.ussd?.latency.p99,
  },
  {
    id: 'ussd.errors',
    description: 'USSD: answers not 2xx, socket errors and timeouts, screens not the CON/END expected',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) => r.ussd?.errors,
  },
  // The public status page (bench/lib/availability.ts): its call and its HTML, as a browser gets them.
  ...(
    [
      ['api', '/service/api/disponibilite'],
      ['page', '/etat-du-service'],
    ] as const
  ).flatMap(([k, p]): Target[] => [
    {
      id: `availability.${k}.server`,
      description: `${p}: the server's CPU a call (from /proc, 10 connections)`,
      kind: 'max',
      limit: 10,
      unit: 'ms',
      measure: (r) => r.availability?.runs.find((x) => x.path === p)?.cpuPerCallMs,
    },
    {
      id: `availability.${k}.size`,
      description: `${p}: bytes on the wire as a browser asks (br, gzip)${k === 'page' ? ', with every script and stylesheet it names' : ''}`,
      kind: 'max',
      limit: 20 * KB,
      unit: 'B',
      measure: (r) => {
        const x = r.availability?.probes.find((y) => y.path === p);
        // A script or stylesheet the page names would be fetched too: not measured, the page fails.
        return x ? (x.status !== 200 || x.subresources.length ? Infinity : x.wireBytes) : undefined;
      },
    },
    {
      id: `availability.${k}.errors`,
      description: `${p}: non-2xx + errors under load`,
      kind: 'max',
      limit: 0,
      unit: '',
      measure: (r) => {
        const x = r.availability?.runs.find((y) => y.path === p)?.load;
        return x ? x.non2xx + x.errors + x.timeouts : undefined;
      },
    },
  ]),
  // Issue 23 item 5: opening day on one and two instances, as ratios to ceilings measured in the
  // same run (bench/lib/ceilings.ts, season.ts, db-cut.ts; docs/benchmarks.md).
  {
    id: 'signin.argon2-share',
    description: 'Sign-in throughput ÷ raw argon2id verifications/s on every core (same run)',
    kind: 'min',
    limit: 85,
    unit: '%',
    measure: (r) => {
      const a = r.ceilings?.argon2?.allCoresPerSecond;
      const s = scenario(r, 'signin')?.rps;
      return a && s !== undefined ? (100 * s) / a : undefined;
    },
  },
  {
    id: 'reference-304.share',
    description:
      'campus/cite revalidated (304) ÷ a bare node:http server with the same JSON (same run, same connections)',
    kind: 'min',
    limit: 25,
    unit: '%',
    measure: (r) => {
      const b = r.ceilings?.bareJson?.rps;
      const s = scenario(r, 'reference-304')?.rps;
      return b && s !== undefined ? (100 * s) / b : undefined;
    },
  },
  {
    id: 'reference-304.errors',
    description: 'campus/cite revalidated: answers other than 304, errors, timeouts',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) => {
      const s = scenario(r, 'reference-304');
      if (!s) return undefined;
      const other = Object.entries(s.statusCodes).reduce((a, [c, n]) => a + (c === '304' ? 0 : n), 0);
      return other + s.errors + s.timeouts;
    },
  },
  {
    id: 'season-1.held',
    description:
      'Season, one instance: student calls/s of the opening mix held (p95 < 1 s, no error) with 1,000 connections open',
    kind: 'min',
    limit: 300,
    unit: 'req/s',
    measure: (r) => {
      const s = r.season?.find((x) => x.id === 'season-1');
      return s ? (s.held?.callsPerSecond ?? 0) : undefined;
    },
  },
  {
    id: 'season-2.held',
    description: 'Season, two instances behind HAProxy: a step held with no error (calls/s)',
    kind: 'min',
    limit: 1,
    unit: 'req/s',
    measure: (r) => {
      const s = r.season?.find((x) => x.id === 'season-2');
      return s ? (s.held?.callsPerSecond ?? 0) : undefined;
    },
  },
  // What a journey costs and how much of it the machine's cores carry, each against a ceiling of
  // the same run (decision 129): the journey's CPU (node and PostgreSQL, over the held steps) in
  // raw argon2id verifications (a verification's own CPU, measured in CPU time so that others' work
  // on the machine does not move it): 5.5 is 60 ms where one costs 11 ms, two of them being the
  // journey's own hashes (every step's journeys when the load let none be held). And the journeys a second held ÷ those the cores could carry at that
  // cost (cores × 1 s ÷ the CPU of a journey).
  {
    id: 'season-1.cpu-per-journey',
    description:
      'Season, one instance: CPU of a journey (node + PostgreSQL, held steps; every step when none held) ÷ CPU of one raw argon2id verification (same run)',
    kind: 'max',
    limit: 5.5,
    unit: '×',
    measure: (r) => {
      const s = r.season?.find((x) => x.id === 'season-1');
      const j = s?.cpuPerJourneyMs ?? s?.cpuPerJourneyAllStepsMs;
      const a = r.ceilings?.argon2?.cpuMsPerVerification;
      return j && a ? j / a : undefined;
    },
  },
  {
    id: 'season-1.cpu-share',
    description:
      'Season, one instance: journeys/s held ÷ journeys/s the cores carry at the CPU a journey measured (same run)',
    kind: 'min',
    limit: 90,
    unit: '%',
    measure: (r) => {
      const s = r.season?.find((x) => x.id === 'season-1');
      if (!s) return undefined;
      if (!s.held || !s.cpuPerJourneyMs) return 0;
      return (100 * s.held.rate * s.cpuPerJourneyMs) / (r.meta.cpus * 1000);
    },
  },
  ...(['season-1', 'season-2'] as const).flatMap((id): Target[] => [
    {
      id: `${id}.lost-writes`,
      description: `${id}: writes answered 201 missing from the database (accounts, dossiers, proofs)`,
      kind: 'max',
      limit: 0,
      unit: '',
      measure: (r) => {
        const s = r.season?.find((x) => x.id === id);
        return s ? (s.checks?.lostWrites ?? Infinity) : undefined;
      },
    },
    {
      id: `${id}.ine-limit`,
      description: `${id}: wrong INE look-ups answered before 429, minus the limit (all instances together)`,
      kind: 'max',
      limit: 0,
      unit: '',
      measure: (r) => {
        const c = r.season?.find((x) => x.id === id)?.checks;
        return c === undefined ? undefined : c === null ? Infinity : c.ineFailuresBefore429 - c.ineLimit;
      },
    },
    {
      id: `${id}.upload-limit`,
      description: `${id}: upload calls of one student answered before 429, minus the limit (Redis, all instances together)`,
      kind: 'max',
      limit: 0,
      unit: '',
      measure: (r) => {
        const c = r.season?.find((x) => x.id === id)?.checks;
        return c === undefined
          ? undefined
          : c === null
            ? Infinity
            : c.uploadCallsBefore429 === null
              ? undefined
              : c.uploadCallsBefore429 - c.uploadLimit;
      },
    },
  ]),
  {
    id: 'db-cut.500',
    description: 'Database cut under load: answers 500 (or 5xx other than 503)',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) => (r.dbCut ? (r.dbCut.error ? Infinity : r.dbCut.status500) : undefined),
  },
  {
    id: 'db-cut.recovery',
    description: "Database cut: from the database's return to the last failed read",
    kind: 'max',
    limit: 5,
    unit: 's',
    measure: (r) => (r.dbCut ? (r.dbCut.recoverySeconds ?? Infinity) : undefined),
  },
  // Whole run.
  {
    id: 'all.5xx',
    description: 'Answers 5xx over every scenario',
    kind: 'max',
    limit: 0,
    unit: '',
    measure: (r) =>
      r.scenarios.length
        ? r.scenarios.reduce(
            (a, s) =>
              a +
              Object.entries(s.statusCodes)
                .filter(([c]) => c.startsWith('5'))
                .reduce((b, [, n]) => b + n, 0),
            0,
          )
        : undefined,
  },
];

const fmt = (n: number, unit: string) =>
  Number.isFinite(n) ? `${Number.isInteger(n) ? n : n.toFixed(1)}${unit ? ` ${unit}` : ''}` : 'incomplet';

export function evaluateTargets(results: BenchResults, targets: Target[] = TARGETS): TargetOutcome[] {
  return targets.map((t) => {
    const v = t.measure(results);
    const limit = `${t.kind === 'max' ? '≤' : '≥'} ${fmt(t.limit, t.unit)}`;
    if (v === null || v === undefined || Number.isNaN(v)) {
      return { id: t.id, description: t.description, limit, actual: 'non mesuré', status: 'SKIP' };
    }
    const pass = t.kind === 'max' ? v <= t.limit : v >= t.limit;
    return {
      id: t.id,
      description: t.description,
      limit,
      actual: fmt(v, t.unit),
      status: pass ? 'PASS' : 'FAIL',
    };
  });
}
