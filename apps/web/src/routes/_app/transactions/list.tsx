import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/transactions/list')(
  listRoute('transactions', () => import('../../../features/transactions/transactions-list-page.tsx').then((m) => m.TransactionsListPage)),
);
