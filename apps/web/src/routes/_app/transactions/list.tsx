import { createFileRoute } from '@tanstack/react-router';
import { TransactionsListPage } from '../../../features/transactions/transactions-list-page.tsx';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { transactionsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/transactions/list')(listRoute(transactionsApi, TransactionsListPage));
