import {
  QueryClient,
  QueryClientProvider,
  type Query,
  type QueryFunction,
  type QueryKey,
} from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from './api';
import { followBrowserOnline } from './network';
import { offlineQueryCache, setUpOffline } from './offline';

/**
 * Server state through react-query. On 3G every request counts: no refetch on window focus, one
 * retry for network failures only (a 4xx answer will not change by asking again).
 *
 * Offline (docs/decisions/021-installable-offline-app.md): reads pause while the device has no
 * network (`followBrowserOnline`) and the student's own reads are kept on the device and put back
 * when the network is missing (`offline.ts`). Writes are never paused nor queued here: they fail at
 * once with the network message, as before (the deposit's own queue is the deposit form's).
 */
/**
 * How long a read asked with the page's code (`prefetchFirstRead`) answers the page's first mount
 * without being asked again.
 */
const FIRST_READ_MS = 20_000;
/** The reads asked with the page's code: the query's hash → the time of the data they brought. */
const firstReads = new Map<string, number>();

/**
 * Whether a query's data is the one asked with the page's code, still unused by anything newer:
 * the page's first mount takes it as it is instead of asking the server a second time, even when
 * the page's query wants a fresh read on every visit (`staleTime: 0`).
 */
function isFirstRead(query: Query): boolean {
  const at = firstReads.get(query.queryHash);
  return (
    at !== undefined &&
    at === query.state.dataUpdatedAt &&
    !query.state.isInvalidated &&
    Date.now() - at < FIRST_READ_MS
  );
}

/**
 * Asks a page's first read together with its code, before React draws anything
 * (docs/decisions/027-lean-student-app.md, "A page's first read asked with its code"): on 3G the
 * answer arrives with the page's chunk instead of a round trip after it. Failures are the page's
 * to show: its own query asks again on mount.
 */
export function prefetchFirstRead<T>(
  client: QueryClient,
  queryKey: QueryKey,
  queryFn: QueryFunction<T, QueryKey>,
): void {
  void client.prefetchQuery({ queryKey, queryFn, staleTime: 0 }).then(() => {
    const query = client.getQueryCache().find({ queryKey, exact: true });
    if (query?.state.status === 'success') firstReads.set(query.queryHash, query.state.dataUpdatedAt);
  });
}

export function createQueryClient(): QueryClient {
  followBrowserOnline();
  const client: QueryClient = new QueryClient({
    // The cache's hook reaches the client once both exist.
    queryCache: offlineQueryCache(() => client),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        // A read asked with the page's code serves the page's first mount (prefetchFirstRead).
        refetchOnMount: (query) => !isFirstRead(query),
        retry: (failureCount, error) =>
          failureCount < 1 && error instanceof ApiError && (error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  setUpOffline(client);
  return client;
}

/** `client`: the one made before the first render (main.tsx), its first reads already asked. */
export function QueryProvider({ children, client: given }: { children: ReactNode; client?: QueryClient }) {
  const [client] = useState(() => given ?? createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
