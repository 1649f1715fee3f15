import { createFileRoute } from '@tanstack/react-router';
import { LogisticReportPage } from '../../../features/logistic/logistic-page.tsx';
import { logisticSearches } from '../../../features/logistic/logistic-search.ts';
import { gate } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/logistic-report/device')({
  validateSearch: logisticSearches.device,
  beforeLoad: () => gate('finance', 'read'),
  component: () => <LogisticReportPage subject="device" />,
});
