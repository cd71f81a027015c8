/**
 * The first reads of a student's page, sent before the entry has run (docs/decisions/104-student-routes-paint-early.md).
 *
 * The route preload script (`routePreload` in vite.config.ts, a small classic script in index.html's
 * head) sends the page's first reads with the stored token while the entry downloads, and keeps
 * their promises on `window` under `EARLY_READS_KEY`. The first call of the client to the same
 * address, with the same token, takes that answer instead of asking again (`takeEarlyRead`, read by
 * `send` in lib/api.ts): the page's data is there when its code is, not one round trip after.
 *
 * Each answer is taken once, only while it is young (`EARLY_READ_MS`), and only when it succeeded:
 * a refusal (an expired token, a closed session) or a lost network is asked again by the ordinary
 * call, which handles it as always. This file imports nothing: vite.config.ts reads its key.
 */

/** The name of the early reads on `window`, shared by the preload script and the client. */
export const EARLY_READS_KEY = '__cenouFirstReads';

/**
 * How long an early read may answer a call: the first page's calls come within seconds; a later
 * visit of the same page asks afresh. The same bound as a call's wait for its answer.
 */
export const EARLY_READ_MS = 60_000;

interface EarlyReads {
  token: string;
  /** When they were sent (`Date.now()`). */
  at: number;
  /** Absolute address → the answer, or null when the network failed. */
  reads: Record<string, Promise<Response | null> | undefined>;
}

function earlyReads(): EarlyReads | null {
  if (typeof window === 'undefined') return null;
  const found = (window as unknown as Record<string, unknown>)[EARLY_READS_KEY];
  if (!found || typeof found !== 'object') return null;
  const e = found as Partial<EarlyReads>;
  return typeof e.token === 'string' && typeof e.at === 'number' && e.reads && typeof e.reads === 'object'
    ? (e as EarlyReads)
    : null;
}

/**
 * The answer the preload script already asked for this `GET` with this token, taken (a second
 * call asks the server), or null. It resolves to null when that answer is unusable (network lost,
 * a refusal): the caller then asks as usual.
 */
export function takeEarlyRead(url: string, token: string): Promise<Response | null> | null {
  const e = earlyReads();
  if (!e || e.token !== token) return null;
  let address: string;
  try {
    address = new URL(url, window.location.href).href;
  } catch {
    return null;
  }
  const read = e.reads[address];
  if (!read) return null;
  delete e.reads[address];
  if (Date.now() - e.at > EARLY_READ_MS) return null;
  return read.then(
    (res) => (res?.ok ? res : null),
    () => null,
  );
}

/**
 * Called by the entry before it asks the page's first reads itself: from then on the preload
 * script, should it run late (it is `async`), sends nothing (it sends only while this key is
 * unset), so the page's reads are never asked twice nor left over.
 */
export function closeEarlyReads(): void {
  if (typeof window === 'undefined') return;
  const w = window as unknown as Record<string, unknown>;
  if (!w[EARLY_READS_KEY]) w[EARLY_READS_KEY] = { token: '', at: 0, reads: {} } satisfies EarlyReads;
}

/**
 * Drops every early read not yet taken: called on the client's first change (any call but a GET),
 * after which an answer read before it would show the state from before the change.
 */
export function dropEarlyReads(): void {
  const e = earlyReads();
  if (e) e.reads = {};
}
