import { type FinanceQuery, financeReport } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { revenueKeys } from '../../lib/resources.ts';
import type { View } from '../../lib/view.ts';

/** A finance report (`GET /finance-report`): a page of lines per subject and period, every period's totals, the totals. */
export const financeReportQuery = (query: FinanceQuery, view: View) =>
  queryOptions({
    queryKey: revenueKeys.finance(query, view),
    queryFn: ({ signal }) => apiRequest('/finance-report', { query, schema: financeReport, signal }),
  });
