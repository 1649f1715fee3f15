import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { transactionsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/transactions/list')(
  listRoute(transactionsApi, () => import('../../../features/transactions/transactions-list-page.tsx').then((m) => m.TransactionsListPage)),
);
