import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { vatBookSearch } from '../../../features/vat-book/vat-book-search.ts';
import { gate } from '../../../lib/resource-routes.tsx';

// The page loads with the route, not in the first paint (decision 0016).
const VatBookPage = lazyRouteComponent(() => import('../../../features/vat-book/vat-book-page.tsx'), 'VatBookPage');

// The VAT book reads bills (and the finance report's figures beside them): `bills.read` in a company
// with the bills module — admins, managers and accountants, as the bills and the comparison.
export const Route = createFileRoute('/_app/vat-book/list')({
  validateSearch: vatBookSearch,
  beforeLoad: () => gate('bills', 'read'),
  component: VatBookPage,
});
