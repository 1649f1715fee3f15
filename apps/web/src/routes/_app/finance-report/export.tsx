import { createFileRoute } from '@tanstack/react-router';
import { FinanceExportPage } from '../../../features/finance/export-page.tsx';
import { gate } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/finance-report/export')({
  beforeLoad: () => {
    gate('finance', 'read');
    gate('exports', 'create');
  },
  component: FinanceExportPage,
});
