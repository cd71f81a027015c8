import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { fill, messages } from '../../domain/messages';
import { frenchDate, toIsoDate } from '../lib/format';
import { useConnection } from '../lib/network';

/**
 * What the page on screen shows: the time of its oldest data (the reads it watches that hold
 * data), and whether some of its reads have none yet. A text, so that the snapshot stays equal
 * while nothing changes.
 */
function shownData(client: QueryClient): string {
  let oldest = Infinity;
  let missing = 0;
  for (const q of client.getQueryCache().getAll()) {
    if (q.getObserversCount() === 0 || !q.isActive()) continue;
    // A read made for the menu alone (meta.menu) is not the page's data.
    if (q.observers.every((o) => o.options.meta?.menu === true)) continue;
    if (q.state.data === undefined) missing++;
    else if (q.state.dataUpdatedAt > 0) oldest = Math.min(oldest, q.state.dataUpdatedAt);
  }
  return `${Number.isFinite(oldest) ? oldest : ''}|${missing}`;
}

/** `03/03/2026` and `14 h 05`. */
export function dateAndHour(time: number): { date: string; heure: string } {
  const d = new Date(time);
  return {
    date: frenchDate(toIsoDate(d)),
    heure: fill(messages.heureMinute, {
      h: String(d.getHours()).padStart(2, '0'),
      m: String(d.getMinutes()).padStart(2, '0'),
    }),
  };
}

/**
 * The notice above every page while the network is missing (docs/decisions/021-installable-offline-app.md):
 * the data shown may be out of date, and since when; or that the page has nothing kept yet; or,
 * on a page without data, that the pages already opened stay available. Announced politely.
 */
export function OfflineNotice() {
  const state = useConnection();
  const client = useQueryClient();
  const subscribe = useCallback((cb: () => void) => client.getQueryCache().subscribe(cb), [client]);
  const shown = useSyncExternalStore(
    subscribe,
    () => shownData(client),
    () => '|0',
  );
  if (state === 'en-ligne') return null;
  const [oldestText, missingText] = shown.split('|');
  let text: string | null;
  if (oldestText) {
    text = fill(
      state === 'hors-ligne' ? messages.horsConnexionDonnees : messages.serveurInjoignableDonnees,
      dateAndHour(Number(oldestText)),
    );
  } else if (state === 'injoignable') {
    // The page's own failure message says it (LoadFailure).
    text = null;
  } else {
    text = Number(missingText) > 0 ? messages.horsConnexionSansDonnees : messages.horsConnexionPages;
  }
  if (!text) return null;
  return (
    <div className="offline-notice-place">
      <div className="offline-notice" role="status" data-testid="hors-connexion">
        <i className="pi pi-wifi" aria-hidden="true" />
        <p>{text}</p>
      </div>
    </div>
  );
}
