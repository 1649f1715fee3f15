import { dashboardSummary } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import type { View } from '../../lib/view.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  // The figures differ between My Company and All Companies, so the view is the detail id.
  summary: (view: View) => ['dashboard', 'detail', `summary-${view}`] as const,
};

export const summaryQuery = (view: View) =>
  queryOptions({
    queryKey: dashboardKeys.summary(view),
    queryFn: ({ signal }) => apiRequest('/dashboard/summary', { schema: dashboardSummary, signal }),
  });
