/**
 * What the client keeps of a user's data on the device, and its removal at sign-out
 * (docs/decisions/021-installable-offline-app.md). No import: `auth.ts` calls it.
 *
 * - The student's last reads, for opening its pages without a network: one localStorage entry
 *   (`OFFLINE_KEY`, written by `offline.ts`). localStorage is emptied at sign-out anyway; the entry is
 *   named here so that nothing else may take its name.
 * - Cache Storage: the service worker keeps only the app's code there (Workbox's precache,
 *   `workbox-precache-…`), never an API answer. Any other cache is data and goes at sign-out.
 */
export const OFFLINE_KEY = 'cenou.donnees-hors-ligne';

/** The one cache that holds no one's data: the app's code, kept across sign-outs. */
export const PRECACHE_PREFIX = 'workbox-precache';

/** Removes every cache of the origin but the precached code. Never fails (no Cache Storage: nothing to do). */
export async function clearDataCaches(): Promise<void> {
  try {
    if (typeof caches === 'undefined') return;
    const names = await caches.keys();
    await Promise.all(names.filter((n) => !n.startsWith(PRECACHE_PREFIX)).map((n) => caches.delete(n)));
  } catch {
    /* a browser without Cache Storage, or private browsing: nothing kept there */
  }
}

/** The student's saved reads and every data cache. */
export function clearLocalData(): Promise<void> {
  try {
    window.localStorage.removeItem(OFFLINE_KEY);
  } catch {
    /* no storage */
  }
  return clearDataCaches();
}
