import { type VatBookQuery, vatBook } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { billsApi } from '../../lib/apis/bills.ts';
import type { View } from '../../lib/view.ts';

/**
 * A month's VAT book and its reconciliation (`GET /vat-book`). Under the bills' key, so whatever
 * refreshes the bills (a manual bill, a storno) refreshes the book too; the view is part of the key.
 */
export const vatBookQuery = (query: VatBookQuery, view: View) =>
  queryOptions({
    queryKey: [...billsApi.keys.all, 'vat-book', query, view] as const,
    queryFn: ({ signal }) => apiRequest('/vat-book', { query, schema: vatBook, signal, view }),
  });
