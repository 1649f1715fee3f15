import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { monthCloseSearch } from '../../../features/month-closes/month-close-search.ts';
import { gate } from '../../../lib/resource-routes.tsx';

// The page loads with the route, not in the first paint (decision 0016).
const MonthClosePage = lazyRouteComponent(() => import('../../../features/month-closes/month-close-page.tsx'), 'MonthClosePage');

// A company's months (docs/rules.md "Month close"): `month-closes.read` (admins, managers, accountants)
// in a company with the finance module, as the server's guard.
export const Route = createFileRoute('/_app/month-close/list')({
  validateSearch: monthCloseSearch,
  beforeLoad: () => gate('month-closes', 'read'),
  component: MonthClosePage,
});
