import { type CompaniesDailyRevenueQuery, companiesDailyRevenue } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { revenueKeys } from '../../lib/resources.ts';
import type { View } from '../../lib/view.ts';

/**
 * Each company's revenue per business day (admins). Under the revenue keys, so whatever refreshes
 * revenue refreshes this too; the view is part of the key (My Company or All Companies).
 */
export const companiesDailyRevenueQuery = (query: CompaniesDailyRevenueQuery, view: View) =>
  queryOptions({
    queryKey: [...revenueKeys.all, 'companies-daily-revenue', query, view] as const,
    queryFn: ({ signal }) => apiRequest('/revenue/companies-daily', { query, schema: companiesDailyRevenue, signal }),
  });
