import { type RevenueQuery, revenueReport } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import type { View } from '../../lib/view.ts';

export const revenueKeys = {
  all: ['revenue'] as const,
  // The figures differ between My Company and All Companies, so the view is part of the key.
  report: (query: RevenueQuery, view: View) => ['revenue', 'report', query, view] as const,
};

/** Revenue per device and location over whole business days (`from = to = today` for today's revenue). */
export const revenueReportQuery = (query: RevenueQuery, view: View) =>
  queryOptions({
    queryKey: revenueKeys.report(query, view),
    queryFn: ({ signal }) => apiRequest('/revenue', { query, schema: revenueReport, signal }),
  });
