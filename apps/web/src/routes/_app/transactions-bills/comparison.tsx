import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { comparisonSearch } from '../../../features/bill-comparison/comparison-search.ts';
import { gate } from '../../../lib/resource-routes.tsx';

// The page loads with the route, not in the first paint (decision 0016).
const BillComparisonPage = lazyRouteComponent(
  () => import('../../../features/bill-comparison/bill-comparison-page.tsx'),
  'BillComparisonPage',
);

// The comparison reads bills (and the payments behind them): `bills.read` in a company with the bills module.
export const Route = createFileRoute('/_app/transactions-bills/comparison')({
  validateSearch: comparisonSearch,
  beforeLoad: () => gate('bills', 'read'),
  component: BillComparisonPage,
});
