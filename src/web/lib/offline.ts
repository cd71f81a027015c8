import { hashKey, QueryCache, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { ETUDIANT } from '../../domain/enums';
import { ApiError } from './api';
import { readUser, roleOf } from './auth';
import { OFFLINE_KEY } from './localData';
import { connection } from './network';

/**
 * The student's last reads kept on the device, so that its pages open without a network
 * (docs/decisions/021-installable-offline-app.md). A small hand-written persister:
 *
 * - **Whose**: a student's only (the stored user's first role), and only its own reads, by query
 *   key: the dossier reads (`['dossier', …]`: the deposit form, the deposit situation, the list, one dossier), its room
 *   (`['affectation', 'moi', …]`), its result (`['deliberation', 'resultat', …]`) and a dossier's
 *   history (`['offre', 'historique', …]`), its rent (`['loyer', 'etudiant']`, which its menu reads
 *   too). Nothing of a staff account is ever written.
 * - **Where**: one localStorage entry (`OFFLINE_KEY`) holding the username and, per query, its data
 *   and the time it was read. Sign-out empties localStorage (`auth.ts`); another user signing in
 *   on the same browser finds nothing of the previous one (the entry names its owner and is dropped
 *   at the next start).
 * - **When it is read back**: only when the network is missing, never in place of an answer: at
 *   start when the device is offline, when it goes offline, and when a read fails for want of a
 *   network. Online, every page reads afresh as before.
 */

/** The student's own reads, by query-key prefix. */
export const PERSISTED_PREFIXES: readonly (readonly string[])[] = [
  ['dossier'],
  ['affectation', 'moi'],
  ['deliberation', 'resultat'],
  ['offre', 'historique'],
  // The student's rent: « Mon loyer », and what its menu offers (app/studentMenu.ts).
  ['loyer', 'etudiant'],
];

/** The entry's upper bound: a student's reads weigh a few kilobytes; the oldest go first beyond this. */
const MAX_CHARS = 1_000_000;
const WRITE_DELAY_MS = 200;

export function isPersisted(key: QueryKey): boolean {
  return PERSISTED_PREFIXES.some((prefix) => prefix.every((part, i) => key[i] === part));
}

interface Entry {
  key: QueryKey;
  data: unknown;
  /** `dataUpdatedAt`: when the server gave it. */
  updatedAt: number;
}

interface Snapshot {
  v: 1;
  username: string;
  entries: Record<string, Entry>;
}

/** The signed-in student's username, or null for a visitor or a staff account. */
export function signedInStudent(): string | null {
  const user = readUser();
  return user && roleOf(user) === ETUDIANT && user.username ? user.username : null;
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** The stored entry if it is this user's, else null. */
export function readSnapshot(username: string): Snapshot | null {
  const raw = storage()?.getItem(OFFLINE_KEY);
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Partial<Snapshot>;
    if (s.v !== 1 || s.username !== username || !s.entries || typeof s.entries !== 'object') return null;
    return s as Snapshot;
  } catch {
    return null;
  }
}

function writeSnapshot(snapshot: Snapshot): void {
  const s = storage();
  if (!s) return;
  let text = JSON.stringify(snapshot);
  // Too big: the oldest reads go first.
  const byAge = Object.entries(snapshot.entries).sort((a, b) => a[1].updatedAt - b[1].updatedAt);
  while (text.length > MAX_CHARS && byAge.length > 0) {
    delete snapshot.entries[byAge.shift()![0]];
    text = JSON.stringify(snapshot);
  }
  try {
    s.setItem(OFFLINE_KEY, text);
  } catch {
    // Storage full: better nothing than a part.
    s.removeItem(OFFLINE_KEY);
  }
}

/** At start: an entry left by someone else (no sign-out on a shared computer) goes at once. */
export function dropForeignSnapshot(): void {
  const s = storage();
  const raw = s?.getItem(OFFLINE_KEY);
  if (!s || !raw) return;
  const student = signedInStudent();
  if (!student || !readSnapshot(student)) s.removeItem(OFFLINE_KEY);
}

let restoring = false;

/**
 * Puts the saved reads of the signed-in student into the cache where they are newer than what it
 * holds (`onlyKey`: that query alone). Answers how many were put back.
 */
export function restoreStudentQueries(client: QueryClient, onlyKey?: QueryKey): number {
  const student = signedInStudent();
  const snapshot = student ? readSnapshot(student) : null;
  if (!snapshot) return 0;
  const only = onlyKey ? hashKey(onlyKey) : null;
  let count = 0;
  restoring = true;
  try {
    for (const [hash, entry] of Object.entries(snapshot.entries)) {
      if (only !== null && hash !== only) continue;
      if (!isPersisted(entry.key)) continue;
      const state = client.getQueryState(entry.key);
      if (state && state.data !== undefined && state.dataUpdatedAt >= entry.updatedAt) continue;
      client.setQueryData(entry.key, entry.data, { updatedAt: entry.updatedAt });
      count++;
    }
  } finally {
    restoring = false;
  }
  return count;
}

/**
 * A read of the student's failed for want of a network while the page has (or the device kept)
 * its data: the data stays on screen, with the notice (`OfflineNotice`), instead of an error.
 */
function keepDataOnNetworkFailure(client: QueryClient, key: QueryKey): void {
  if (!signedInStudent()) return;
  restoreStudentQueries(client, key);
  const state = client.getQueryState(key);
  if (state?.status === 'error' && state.data !== undefined) {
    restoring = true;
    try {
      client.setQueryData(key, state.data, { updatedAt: state.dataUpdatedAt });
    } finally {
      restoring = false;
    }
  }
}

/** The query cache's hook for `keepDataOnNetworkFailure` (the cache exists before its client). */
export function offlineQueryCache(client: () => QueryClient): QueryCache {
  return new QueryCache({
    onError: (error, query) => {
      if (error instanceof ApiError && error.status === 0 && isPersisted(query.queryKey))
        keepDataOnNetworkFailure(client(), query.queryKey);
    },
  });
}

/**
 * Saves each successful read of the student's (a short delay gathers those of one page; the page
 * being left writes at once). Answers the unsubscription.
 */
export function persistStudentQueries(client: QueryClient): () => void {
  const pending = new Map<string, Entry>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const student = signedInStudent();
    if (!student) {
      pending.clear();
      return;
    }
    const snapshot: Snapshot = readSnapshot(student) ?? { v: 1, username: student, entries: {} };
    for (const [hash, entry] of pending) snapshot.entries[hash] = entry;
    pending.clear();
    writeSnapshot(snapshot);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (restoring || event.type !== 'updated' || event.action.type !== 'success') return;
    const { query } = event;
    if (!isPersisted(query.queryKey) || query.state.data === undefined || !signedInStudent()) return;
    pending.set(query.queryHash, {
      key: query.queryKey,
      data: query.state.data,
      updatedAt: query.state.dataUpdatedAt,
    });
    timer ??= setTimeout(flush, WRITE_DELAY_MS);
  });
  window.addEventListener('pagehide', flush);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    clearTimeout(timer);
  };
}

/**
 * Wires it all to a new client: a stranger's entry dropped, the saved reads put back when the
 * device starts offline or goes offline, each new read saved.
 */
export function setUpOffline(client: QueryClient): void {
  if (typeof window === 'undefined') return;
  dropForeignSnapshot();
  if (connection() === 'hors-ligne') restoreStudentQueries(client);
  window.addEventListener('offline', () => restoreStudentQueries(client));
  persistStudentQueries(client);
}
