import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api.ts';
import { followBrowserOnline, registerOfflineActions } from '../lib/offline-actions.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will answer the same again; only network failures and server errors are worth a retry.
      retry: (failures, error) => failures < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500),
    },
    mutations: { retry: false },
  },
});

// The worker's actions that wait for a connection (decision 0055): their code, before the cache that
// may hold some is restored; and offline at start is offline (TanStack waits for an `offline` event).
registerOfflineActions(queryClient);
followBrowserOnline();
