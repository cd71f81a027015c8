/** One load scenario with autocannon, bounded in time, summarised in a plain object. */
import autocannon, { type AutocannonOptions, type AutocannonRequest } from 'autocannon';

export interface LoadSpec {
  id: string;
  title: string;
  /** Path shown in the report (a representative one when requests vary). */
  path: string;
  method?: string;
  connections: number;
  seconds: number;
  warmupSeconds?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Requests that vary (built per request); `path`, `method`, `headers`, `body` are used otherwise. */
  requests?: AutocannonRequest[];
  /** Stop after this many responses (e.g. one registration per student), or after `seconds`. */
  amount?: number;
  note?: string;
}

export interface LoadResult {
  id: string;
  title: string;
  method: string;
  path: string;
  connections: number;
  seconds: number;
  requests: number;
  /** Mean of the per-second samples, autocannon's "Req/Sec". */
  rps: number;
  latencyMs: { avg: number; p50: number; p97_5: number; p99: number; max: number };
  statusCodes: Record<string, number>;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerSecond: number;
  note?: string;
  serverRssAfterMb?: number;
  /** The server's largest resident memory sampled during the scenario (every 50 ms), MB. */
  serverRssPeakMb?: number;
  /** The server's event-loop delay during the scenario (warm-up included), ms. */
  eventLoopMs?: { p50: number; p99: number; max: number; mean: number } | null;
}

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

export async function runLoad(baseUrl: string, spec: LoadSpec): Promise<LoadResult> {
  const opts: AutocannonOptions = {
    url: `${baseUrl}${spec.path}`,
    title: spec.id,
    connections: spec.connections,
    duration: spec.seconds,
    timeout: 10,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    body: spec.body,
    requests: spec.requests,
  };
  if (spec.amount !== undefined) opts.amount = Math.max(spec.amount, spec.connections);
  if (spec.warmupSeconds && spec.warmupSeconds > 0 && spec.amount === undefined) {
    opts.warmup = { connections: spec.connections, duration: spec.warmupSeconds };
  }
  const instance = autocannon(opts);
  // Every run ends: by its duration, or its amount cut at `seconds`, or this guard.
  const cut = setTimeout(
    () => instance.stop(),
    (spec.seconds + (spec.warmupSeconds ?? 0)) * 1000 + (spec.amount ? 0 : 30_000),
  );
  try {
    const r = await instance;
    const statusCodes: Record<string, number> = {};
    for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = count;
    return {
      id: spec.id,
      title: spec.title,
      method: spec.method ?? 'GET',
      path: spec.path,
      connections: spec.connections,
      seconds: r.duration,
      requests: r.latency.totalCount ?? r.requests.total,
      rps: round(r.requests.average),
      latencyMs: {
        avg: round(r.latency.average),
        p50: r.latency.p50,
        p97_5: r.latency.p97_5,
        p99: r.latency.p99,
        max: r.latency.max,
      },
      statusCodes,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      bytesPerSecond: Math.round(r.throughput.average),
      note: spec.note,
    };
  } finally {
    clearTimeout(cut);
  }
}
