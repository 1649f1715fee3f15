import { type RevenueQuery, revenueReport } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { revenueKeys } from '../../lib/resources.ts';
import type { View } from '../../lib/view.ts';

/** Revenue per device and location over whole business days (`from = to = today` for today's revenue). */
export const revenueReportQuery = (query: RevenueQuery, view: View) =>
  queryOptions({
    queryKey: revenueKeys.report(query, view),
    queryFn: ({ signal }) => apiRequest('/revenue', { query, schema: revenueReport, signal }),
  });
