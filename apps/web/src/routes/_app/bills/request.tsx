import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/bills/request')(
  listRoute('bill-attempts', () => import('../../../features/bills/bill-attempts-page.tsx').then((m) => m.BillAttemptsPage)),
);
