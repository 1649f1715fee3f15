import { dashboardFigures, dashboardSummary } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import type { View } from '../../lib/view.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  // The figures differ between My Company and All Companies, so the view is the detail id.
  summary: (view: View) => ['dashboard', 'detail', `summary-${view}`] as const,
  figures: (view: View) => ['dashboard', 'detail', `figures-${view}`] as const,
};

export const summaryQuery = (view: View) =>
  queryOptions({
    queryKey: dashboardKeys.summary(view),
    queryFn: ({ signal }) => apiRequest('/dashboard/summary', { schema: dashboardSummary, signal }),
  });

/**
 * The money figures (indexes, fleet, balance, traffic, forecast): `revenue.read` in a company with the
 * finance module, so a worker's dashboard never asks. The indexes are cut at the time of asking.
 */
export const figuresQuery = (view: View) =>
  queryOptions({
    queryKey: dashboardKeys.figures(view),
    queryFn: ({ signal }) => apiRequest('/dashboard/figures', { schema: dashboardFigures, signal }),
  });
