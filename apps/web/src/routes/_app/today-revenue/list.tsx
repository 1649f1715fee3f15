import { createFileRoute } from '@tanstack/react-router';
import { todayRevenueSearch } from '../../../features/revenue/revenue-search.ts';
import { TodayRevenuePage } from '../../../features/revenue/today-revenue-page.tsx';
import { requirePermission } from '../../../lib/access.ts';

export const Route = createFileRoute('/_app/today-revenue/list')({
  validateSearch: todayRevenueSearch,
  beforeLoad: () => requirePermission('revenue.read'),
  component: TodayRevenuePage,
});
