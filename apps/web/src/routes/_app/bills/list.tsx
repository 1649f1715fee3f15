import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/bills/list')(
  listRoute('bills', () => import('../../../features/bills/bills-list-page.tsx').then((m) => m.BillsListPage)),
);
