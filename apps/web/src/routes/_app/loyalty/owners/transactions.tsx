import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/owners/transactions')(
  listRoute('card-transactions', () =>
    import('../../../../features/card-transactions/card-transactions-pages.tsx').then((m) => m.OwnerTransactionsPage),
  ),
);
