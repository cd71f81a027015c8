/**
 * `tus-concurrency` (issue 22, PostgreSQL only): 200 resumable uploads of 1 MB at once through the
 * server's tus endpoint, from Node as a tus client does it (`POST` with Upload-Length and
 * Upload-Metadata, then `PATCH`es of 512 KB, the web client's chunk), with the server's RSS
 * sampled every 20 ms. What it shows: every upload finished (a `HEAD` afterwards says
 * Upload-Offset = Upload-Length) and the server's memory bounded — a PATCH streams its bytes into
 * the storage, so the peak above the baseline must stay well under the 200 MB of data.
 *
 * The students: 20 made by SQL in the bench's database (prefix `TC`, bench/lib/deposit.ts), 10
 * uploads each. A student may hold UPLOADS_IN_PROGRESS_MAX (30) unfinished uploads and make
 * UPLOAD_RATE_PER_MINUTE (600) upload calls a minute: 10 uploads are 40 calls, so no limit is
 * raised for this scenario.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { PDF_MAX_BYTES, UPLOADS_IN_PROGRESS_MAX } from '../../src/domain/limits';
import { API_BASE } from './api';
import { chooseCriteria, prepareDepositors } from './deposit';
import { readRss } from './server';

export const TUS_UPLOADS = 200;
/**
 * Bytes of each upload: 1 MB; BENCH_TUS_UPLOAD_BYTES (up to PDF_MAX_BYTES) to see whether the
 * server's memory follows the files' size (it must not).
 */
export const TUS_UPLOAD_BYTES = (() => {
  const v = Number(process.env.BENCH_TUS_UPLOAD_BYTES ?? 1_000_000);
  if (!Number.isInteger(v) || v < 1_000 || v > PDF_MAX_BYTES)
    throw new Error(`BENCH_TUS_UPLOAD_BYTES doit être un entier entre 1000 et ${PDF_MAX_BYTES}`);
  return v;
})();
export const TUS_CHUNK = 512 * 1024;
const STUDENTS = 20;
const TIMEOUT_MS = 180_000;

export interface TusConcurrencyReport {
  uploads: number;
  students: number;
  bytesEach: number;
  chunkBytes: number;
  /** Uploads the server says are whole afterwards (HEAD: Upload-Offset = Upload-Length). */
  finished: number;
  /** Requests answered otherwise than 201/204/200, or failed. */
  failures: number;
  failureSamples: string[];
  wallMs: number;
  /** Each upload from its POST to its last PATCH's answer. */
  uploadMs: { p50: number; p95: number; max: number };
  rssBaselineMb: number | null;
  rssPeakMb: number | null;
  rssAfterMb: number | null;
  /** Peak minus baseline. */
  rssGrowthMb: number | null;
  dataMb: number;
}

const mb = (b: number | null | undefined) =>
  b === null || b === undefined ? null : Math.round((b / 1048576) * 10) / 10;

function request(
  agent: http.Agent,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent, timeout: 60_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`délai dépassé : ${method} ${url.pathname}`)));
    req.on('error', reject);
    req.end(body);
  });
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

export async function benchTusConcurrency(opts: {
  baseUrl: string;
  databaseUrl: string;
  pid: number | undefined;
  log: (s: string) => void;
}): Promise<TusConcurrencyReport> {
  const perStudent = Math.ceil(TUS_UPLOADS / STUDENTS);
  if (perStudent > UPLOADS_IN_PROGRESS_MAX) throw new Error('trop de téléversements par étudiant');
  const prepared = await prepareDepositors(opts.databaseUrl, opts.baseUrl, STUDENTS, 10, 'TC');
  const [entry] = await chooseCriteria(opts.baseUrl, prepared.tokens[0], prepared.ines[0]);
  // One buffer for every upload (the client holds 1 MB, not 200): a PDF header, random bytes.
  const file = randomBytes(TUS_UPLOAD_BYTES);
  file.write('%PDF-1.4\n', 0, 'latin1');
  const endpoint = new URL(`${opts.baseUrl}${API_BASE}/campus/televersement`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: TUS_UPLOADS + 10 });
  let failures = 0;
  const samples: string[] = [];
  const fail = (s: string) => {
    failures++;
    if (samples.length < 5) samples.push(s);
  };

  const baseline = readRss(opts.pid)?.rss ?? null;
  let peak = baseline ?? 0;
  const sampler = setInterval(() => {
    const m = readRss(opts.pid);
    if (m && m.rss > peak) peak = m.rss;
  }, 20);
  const durations: number[] = [];
  const locations: (string | null)[] = new Array<string | null>(TUS_UPLOADS).fill(null);
  const t0 = Date.now();
  const one = async (i: number) => {
    const token = prepared.tokens[i % STUDENTS];
    const common = { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` };
    const start = Date.now();
    const created = await request(agent, endpoint, 'POST', {
      ...common,
      'upload-length': String(TUS_UPLOAD_BYTES),
      'upload-metadata': `filename ${b64(`banc-${i}.pdf`)},idTypeCritere ${b64(String(entry.idTypeCritere))}`,
      'content-length': '0',
    });
    if (created.status !== 201 || !created.headers.location) return fail(`POST ${created.status}`);
    const url = new URL(created.headers.location, endpoint);
    locations[i] = url.toString();
    for (let offset = 0; offset < TUS_UPLOAD_BYTES; offset += TUS_CHUNK) {
      const chunk = file.subarray(offset, Math.min(offset + TUS_CHUNK, TUS_UPLOAD_BYTES));
      const res = await request(
        agent,
        url,
        'PATCH',
        {
          ...common,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
          'content-length': String(chunk.length),
        },
        chunk,
      );
      if (res.status !== 204 || Number(res.headers['upload-offset']) !== offset + chunk.length)
        return fail(`PATCH ${res.status} à ${offset}`);
    }
    durations.push(Date.now() - start);
  };
  const guard = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error(`tus-concurrency : plus de ${TIMEOUT_MS / 1000} s`)),
      TIMEOUT_MS,
    ).unref(),
  );
  try {
    await Promise.race([
      Promise.all(Array.from({ length: TUS_UPLOADS }, (_, i) => one(i).catch((e: Error) => fail(e.message)))),
      guard,
    ]);
  } finally {
    clearInterval(sampler);
  }
  const wallMs = Date.now() - t0;
  const after = readRss(opts.pid)?.rss ?? null;
  if (after !== null && after > peak) peak = after;

  // Every upload as the server now holds it.
  let finished = 0;
  for (let i = 0; i < TUS_UPLOADS; i++) {
    const loc = locations[i];
    if (!loc) continue;
    const res = await request(agent, new URL(loc), 'HEAD', {
      'tus-resumable': '1.0.0',
      authorization: `Bearer ${prepared.tokens[i % STUDENTS]}`,
    });
    if (res.status === 200 && Number(res.headers['upload-offset']) === TUS_UPLOAD_BYTES) finished++;
  }
  agent.destroy();
  durations.sort((a, b) => a - b);
  const q = (p: number) => durations[Math.min(durations.length - 1, Math.floor(p * durations.length))] ?? 0;
  const report: TusConcurrencyReport = {
    uploads: TUS_UPLOADS,
    students: STUDENTS,
    bytesEach: TUS_UPLOAD_BYTES,
    chunkBytes: TUS_CHUNK,
    finished,
    failures,
    failureSamples: samples,
    wallMs,
    uploadMs: { p50: q(0.5), p95: q(0.95), max: durations.at(-1) ?? 0 },
    rssBaselineMb: mb(baseline),
    rssPeakMb: baseline === null ? null : mb(peak),
    rssAfterMb: mb(after),
    rssGrowthMb: baseline === null ? null : mb(peak - baseline),
    dataMb: mb(TUS_UPLOADS * TUS_UPLOAD_BYTES)!,
  };
  opts.log(
    `   ${TUS_UPLOADS} × ${TUS_UPLOAD_BYTES} octets : ${finished}/${TUS_UPLOADS} entiers (${failures} échecs${samples.length ? ` : ${samples.join(' ; ')}` : ''}) en ${(wallMs / 1000).toFixed(1)} s ; ` +
      `par téléversement p50 ${report.uploadMs.p50} ms, p95 ${report.uploadMs.p95} ms ; RSS ${report.rssBaselineMb} → pic ${report.rssPeakMb} Mo ` +
      `(+${report.rssGrowthMb} Mo pour ${report.dataMb} Mo reçus), après ${report.rssAfterMb} Mo`,
  );
  return report;
}
