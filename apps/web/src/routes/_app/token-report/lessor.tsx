import { createFileRoute } from '@tanstack/react-router';
import { financeSearches } from '../../../features/finance/finance-search.ts';
import { TokenReportPage } from '../../../features/finance/token-report-page.tsx';
import { gate } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/token-report/lessor')({
  validateSearch: financeSearches.lessor,
  beforeLoad: () => gate('finance', 'read'),
  component: () => <TokenReportPage subject="lessor" />,
});
