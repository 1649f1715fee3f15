import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api.ts';

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
