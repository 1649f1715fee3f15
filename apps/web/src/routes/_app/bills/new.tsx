import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';

/** A manual bill, for a sale outside the machines. */
export const Route = createFileRoute('/_app/bills/new')(
  newRoute('bills', () => import('../../../features/bills/bill-new-page.tsx').then((m) => m.BillNewPage)),
);
