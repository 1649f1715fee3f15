import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/bills/filter')(
  listRoute('bills', () => import('../../../features/bills/bills-filter-page.tsx').then((m) => m.BillsFilterPage)),
);
