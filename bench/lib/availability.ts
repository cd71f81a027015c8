/**
 * The public status page (docs/availability.md#the-status-page, docs/benchmarks.md#the-public-status-page):
 * its call `GET /service/api/disponibilite` and its page `/etat-du-service`, each
 *
 * - received as a browser receives it (`Accept-Encoding: br, gzip`): the bytes on the wire, the
 *   encoding, and the page's scripts and stylesheets it would fetch besides (it should have none);
 * - under load (autocannon, `connections` at once): the server's CPU a call, read from /proc over the
 *   run (the figure "at the server", which others' work on the machine inflates far less than wall
 *   time), with the wall latencies as autocannon sees them.
 */
import http from 'node:http';
import { cpuOf } from './infra';
import { runLoad, type LoadResult } from './load';

export const AVAILABILITY_API = '/service/api/disponibilite';
export const STATUS_PAGE = '/etat-du-service';

export interface AvailabilityProbe {
  path: string;
  status: number;
  contentEncoding: string | null;
  /** Bytes on the wire, compressed as asked. */
  wireBytes: number;
  /** The same answer asked without compression. */
  rawBytes: number;
  /** Scripts and stylesheets the page names (it would fetch them too). */
  subresources: string[];
}

export interface AvailabilityRun {
  path: string;
  load: LoadResult;
  /** The server's CPU (user + system) over the run ÷ the calls answered, ms. */
  cpuPerCallMs: number;
}

export interface AvailabilityReport {
  probes: AvailabilityProbe[];
  runs: AvailabilityRun[];
}

function get(url: string, encoding: string): Promise<{ status: number; enc: string | null; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': encoding }, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          enc: (res.headers['content-encoding'] as string | undefined) ?? null,
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`délai dépassé : ${url}`)));
    req.on('error', reject);
  });
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

export async function benchAvailability(opts: {
  baseUrl: string;
  pid: number | undefined;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  log: (s: string) => void;
}): Promise<AvailabilityReport> {
  const probes: AvailabilityProbe[] = [];
  for (const p of [AVAILABILITY_API, STATUS_PAGE]) {
    const wire = await get(`${opts.baseUrl}${p}`, 'br, gzip');
    const raw = await get(`${opts.baseUrl}${p}`, 'identity');
    const html = raw.body.toString('utf8');
    const subresources =
      p === STATUS_PAGE
        ? [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"/g)].map((m) => m[1])
        : [];
    probes.push({
      path: p,
      status: wire.status,
      contentEncoding: wire.enc,
      wireBytes: wire.body.length,
      rawBytes: raw.body.length,
      subresources,
    });
    opts.log(
      `   ${p} : ${wire.status} ${wire.enc ?? 'identity'} ${wire.body.length} o sur le fil (${raw.body.length} o sans compression)${subresources.length ? ` ; ressources : ${subresources.join(', ')}` : ''}`,
    );
  }
  const runs: AvailabilityRun[] = [];
  for (const p of [AVAILABILITY_API, STATUS_PAGE]) {
    const before = cpuOf([opts.pid]);
    const load = await runLoad(opts.baseUrl, {
      id: p === AVAILABILITY_API ? 'availability-api' : 'availability-page',
      title: `${p} (br, gzip)`,
      path: p,
      headers: { 'accept-encoding': 'br, gzip' },
      connections: opts.connections,
      seconds: opts.seconds,
      warmupSeconds: opts.warmupSeconds,
    });
    const cpu = cpuOf([opts.pid]) - before;
    // The warm-up's calls are not in autocannon's count: its CPU is spread over the counted ones
    // in the same proportion (its share of the time).
    const share = opts.seconds / (opts.seconds + opts.warmupSeconds);
    const cpuPerCallMs = round((cpu * share) / Math.max(1, load.requests));
    runs.push({ path: p, load, cpuPerCallMs });
    opts.log(
      `   ${p} : ${load.rps} req/s à ${opts.connections} connexions, p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms ; CPU du serveur ${cpuPerCallMs} ms l'appel ; non-2xx ${load.non2xx}, erreurs ${load.errors + load.timeouts}`,
    );
  }
  return { probes, runs };
}
