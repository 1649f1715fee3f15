import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loyaltySearch } from '../../../features/loyalty-reports/search.ts';
import { requireModule, requirePermission } from '../../../lib/access.ts';

export const Route = createFileRoute('/_app/loyalty/general-report')({
  validateSearch: loyaltySearch,
  beforeLoad: () => {
    requirePermission('loyalty-reports.read');
    requireModule('loyalty');
  },
  component: lazyRouteComponent(() =>
    import('../../../features/loyalty-reports/general-report-page.tsx').then((m) => ({ default: m.LoyaltyGeneralReportPage })),
  ),
});
