/** The shape of bench/results/latest.json. */
import type { LightClientReport } from './light-client';
import type { LoadResult } from './load';
import type { TableStats } from './server';

export interface ExportRun {
  path: string;
  status: number;
  /** Time to the first byte of the body, ms. */
  ttfbMs: number;
  /** Time to the last byte, ms. */
  ttlbMs: number;
  bytes: number;
  /** Data lines of the CSV (header excluded). */
  rows: number;
  rssBeforeMb: number | null;
  rssPeakMb: number | null;
  rssAfterMb: number | null;
  /** Set when the export did not finish (time limit, connection error). */
  error?: string;
}

export interface ExportReport {
  /** The same export, one after the other. */
  sequential: ExportRun[];
  /** Several exports at once: each run, the wall time and the server's peak memory. */
  concurrent: {
    count: number;
    wallMs: number;
    runs: ExportRun[];
    rssBeforeMb: number | null;
    rssPeakMb: number | null;
  };
  /** The registry's export (informative). */
  registry?: ExportRun;
}

export interface BenchMeta {
  date: string;
  git: string | null;
  node: string;
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  loadAverageBefore: number[];
  loadAverageAfter: number[];
  database: 'pglite' | 'postgresql';
  seconds: number;
  warmupSeconds: number;
  publicConnections: number;
  serverStartSeconds: number;
  serverRssAfterStartMb: number | null;
  serverRssHighWaterMb: number | null;
  /** Registry size, students used by the look-ups, beds; `growth` when BENCH_REGISTRY_SIZE grew the registry. */
  demo: {
    students: number;
    lookupStudents: number;
    beds: number | null;
    growth?: { added: number; seconds: number; rowsPerSecond: number };
  };
  /** The deposit scenario's preparation: students made and signed in, the body sent by each request. */
  deposit?: { students: number; prepareSeconds: number; bodyBytes: number; criteria: number[] };
  env: Record<string, string>;
  staticEncoding: { path: string; status: number; contentEncoding: string | null; bytes: number }[];
  /** PostgreSQL only: planner statistics at the end of the run (autovacuum's ANALYZE or not). */
  pgStats?: TableStats[];
}

export interface TargetOutcome {
  id: string;
  description: string;
  limit: string;
  actual: string;
  status: 'PASS' | 'FAIL' | 'SKIP';
}

export interface BenchResults {
  meta: BenchMeta;
  scenarios: LoadResult[];
  exports: ExportReport | null;
  /** PostgreSQL only (bench/lib/deliberation.ts). */
  deliberation?: import('./deliberation').DeliberationReport | null;
  lightClient: LightClientReport;
  /** First load of each student route (entry + page chunk), JS and CSS apart. */
  studentRoutes?: import('./light-client').RouteWeight[];
  /** Lighthouse mobile on the student's routes (bench/lib/lighthouse.ts). */
  lighthouse?: import('./lighthouse').LighthouseRun[];
  /** Issue 26: mobile-money webhooks under duplicates (bench/lib/webhooks.ts, PostgreSQL only). */
  webhooks?: import('./webhooks').WebhooksReport;
  /** Issue 26: the arrears list and its XLSX at 6,000 assignments × 10 instalments (bench/lib/rent.ts, PostgreSQL only). */
  rent?: import('./rent').RentReport;
  /** The agency's statistics over 5 years × 13 cités at 100,000 dossiers a year (bench/lib/statistics.ts, PostgreSQL only). */
  statistics?: import('./statistics').StatisticsReport;
  /** Issue 22: the student on a weak network (bench/lib/weak-network.ts, tus-concurrency.ts). */
  weakNetwork?: {
    deposits?: import('./weak-network').WeakDepositRun[];
    offlineOpen?: { swInstallMs: number; runs: import('./weak-network').OfflineOpenRun[] };
    installability?: import('./lighthouse').InstallabilityRun[];
    tusConcurrency?: import('./tus-concurrency').TusConcurrencyReport;
    photosPdf?: import('./photos-pdf').PhotosPdfReport;
  };
  /** Issue 23: the machine's ceilings measured in the same run (bench/lib/ceilings.ts). */
  ceilings?: import('./ceilings').Ceilings;
  /** Issue 23: the season on one and two instances (bench/lib/season.ts). */
  season?: import('./season').SeasonReport[];
  /** Issue 23: the database cut under load (bench/lib/db-cut.ts). */
  dbCut?: import('./db-cut').DbCutReport;
  /** Issue 24: a publication's result SMS through SMPP, and answers by SMS (bench/lib/sms.ts). */
  sms?: import('./sms').SmsReport;
  /** Room choice: the free rooms of a cité of 2,500 beds, a slot of 500 students on two instances (bench/lib/room-choice.ts). */
  roomChoice?: import('./room-choice').RoomChoiceReport;
  /** Life in the cité: the arrival week's inventories, 50,000 repair requests (bench/lib/cite-life.ts, PostgreSQL only). */
  citeLife?: import('./cite-life').CiteLifeReport;
  /** The USSD menu under load: sessions of four screens at a fixed rate (bench/lib/ussd.ts, PostgreSQL only). */
  ussd?: import('./ussd').UssdReport;
  /** The public status page and its call (bench/lib/availability.ts). */
  availability?: import('./availability').AvailabilityReport;
  targets: TargetOutcome[];
}
