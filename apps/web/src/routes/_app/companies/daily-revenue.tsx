import { createFileRoute } from '@tanstack/react-router';
import { CompaniesDailyRevenuePage } from '../../../features/revenue/companies-daily-revenue-page.tsx';
import { companiesDailyRevenueSearch } from '../../../features/revenue/companies-daily-revenue-search.ts';
import { requirePermission } from '../../../lib/access.ts';

// Behind the admin gate like every companies screen (original §2): only admins have `revenue.companies`.
export const Route = createFileRoute('/_app/companies/daily-revenue')({
  validateSearch: companiesDailyRevenueSearch,
  beforeLoad: () => requirePermission('revenue.companies'),
  component: CompaniesDailyRevenuePage,
});
