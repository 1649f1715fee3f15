import { createFileRoute } from '@tanstack/react-router';
import { TransactionsListPage } from '../../../features/transactions/transactions-list-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

export const Route = createFileRoute('/_app/transactions/list')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('transactions.read'),
  component: TransactionsListPage,
});
