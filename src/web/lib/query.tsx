import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
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
        retry: (failureCount, error) =>
          failureCount < 1 && error instanceof ApiError && (error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  setUpOffline(client);
  return client;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
