import { type LogisticQuery, logisticReport } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { revenueKeys } from '../../lib/resources.ts';
import type { View } from '../../lib/view.ts';

/**
 * The logistic report (`GET /logistic-report`): a page of the visit list and its totals. Under the
 * revenue figures' key, so whatever refreshes revenue (an emptying, new plays) refreshes it.
 */
export const logisticReportQuery = (query: LogisticQuery, view: View) =>
  queryOptions({
    queryKey: [...revenueKeys.all, 'logistic', query, view] as const,
    queryFn: ({ signal }) => apiRequest('/logistic-report', { query, schema: logisticReport, signal }),
  });
