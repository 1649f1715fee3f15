import { type DemoHistoryStatus, demoHistoryStatus } from '@kovanica/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from './api.ts';

/** One record for the whole platform, so its detail id is fixed. */
export const demoHistoryKeys = {
  all: ['demo-history'] as const,
  detail: ['demo-history', 'detail', 'current'] as const,
};

/** How often the screens ask while the history is being written. */
const WHILE_WRITING_MS = 5_000;

/**
 * Whether the demo's past is still being written (`GET /dashboard/demo-history`, decision 0044): asked
 * every few seconds while it is. When it turns done, every answer read meanwhile is refetched, so the
 * figures on screen are the whole history's.
 */
export function useDemoHistory(): DemoHistoryStatus | undefined {
  const client = useQueryClient();
  const { data } = useQuery(
    queryOptions({
      queryKey: demoHistoryKeys.detail,
      queryFn: ({ signal }) => apiRequest('/dashboard/demo-history', { schema: demoHistoryStatus, signal }),
      refetchInterval: (query) => (query.state.data?.state === 'writing' ? WHILE_WRITING_MS : false),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
  const seen = useRef(data?.state);
  useEffect(() => {
    if (seen.current === 'writing' && data?.state === 'done')
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'demo-history' });
    seen.current = data?.state;
  }, [client, data?.state]);
  return data;
}
