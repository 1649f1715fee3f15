import { createFileRoute } from '@tanstack/react-router';
import { FinanceReportPage } from '../../../features/finance/finance-report-page.tsx';
import { financeSearches } from '../../../features/finance/finance-search.ts';
import { gate } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/finance-report/location')({
  validateSearch: financeSearches.location,
  beforeLoad: () => gate('finance', 'read'),
  component: () => <FinanceReportPage subject="location" />,
});
