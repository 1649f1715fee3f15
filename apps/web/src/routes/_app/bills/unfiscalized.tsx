import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/bills/unfiscalized')(
  listRoute('bills', () => import('../../../features/bills/unfiscalized-bills-page.tsx').then((m) => m.UnfiscalizedBillsPage)),
);
