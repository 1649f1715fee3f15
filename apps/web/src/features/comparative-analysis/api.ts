import { type ComparativeQuery, comparativeAnalysis } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { revenueKeys } from '../../lib/resources.ts';
import type { View } from '../../lib/view.ts';

/**
 * Two periods side by side per device, location or lessor (`GET /comparative-analysis`). Under the
 * revenue figures' key, so whatever refreshes revenue refreshes it; the view is part of the key.
 */
export const comparativeAnalysisQuery = (query: ComparativeQuery, view: View) =>
  queryOptions({
    queryKey: [...revenueKeys.all, 'comparative', query, view] as const,
    queryFn: ({ signal }) => apiRequest('/comparative-analysis', { query, schema: comparativeAnalysis, signal }),
  });
