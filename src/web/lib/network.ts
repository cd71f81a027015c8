import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the server can be reached (docs/decisions/021-installable-offline-app.md):
 * - `hors-ligne`: the device says it has no network (`navigator.onLine` false: airplane mode, no
 *   signal). react-query then pauses its reads (`onlineManager`, below) instead of failing them, so
 *   a page shows the data it has;
 * - `injoignable`: the device says it is online but the last API call found no server (a network
 *   that carries nothing, a captive portal); the next answer clears it;
 * - `en-ligne`: otherwise.
 */
export type Connection = 'en-ligne' | 'hors-ligne' | 'injoignable';

let unreachable = false;
const listeners = new Set<() => void>();

function notify() {
  for (const l of listeners) l();
}

/** Called by the API wrapper after each call: an answer (any status) or no answer at all. */
export function reportReachable(reached: boolean): void {
  if (unreachable === !reached) return;
  unreachable = !reached;
  notify();
}

const browserOnline = (): boolean => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

export function connection(): Connection {
  if (!browserOnline()) return 'hors-ligne';
  return unreachable ? 'injoignable' : 'en-ligne';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useConnection(): Connection {
  return useSyncExternalStore(subscribe, connection, () => 'en-ligne');
}

/**
 * react-query's idea of being online follows the browser from the start: its own default assumes
 * online until an `offline` event, so a page opened without a network would try its reads, fail
 * them, and show an error over the data it holds.
 */
export function followBrowserOnline(): void {
  onlineManager.setEventListener((setOnline) => {
    if (typeof window === 'undefined') return undefined;
    setOnline(browserOnline());
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  });
}
