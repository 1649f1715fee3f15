import { type BillComparisonQuery, billComparisonAnswer } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { billsApi } from '../../lib/apis/bills.ts';
import type { View } from '../../lib/view.ts';

/**
 * Payments against bills and fiscalized bills per device and Zagreb day (`GET /bill-comparison`).
 * Under the bills' key, so whatever refreshes the bills ("Send again") refreshes this too; the view is
 * part of the key (My Company or All Companies).
 */
export const billComparisonQuery = (query: BillComparisonQuery, view: View) =>
  queryOptions({
    queryKey: [...billsApi.keys.all, 'comparison', query, view] as const,
    queryFn: ({ signal }) => apiRequest('/bill-comparison', { query, schema: billComparisonAnswer, signal, view }),
  });
