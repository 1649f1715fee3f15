import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/owners/list')(
  listRoute('loyalty-owners', () =>
    import('../../../../features/loyalty-owners/loyalty-owners-list-page.tsx').then((m) => m.LoyaltyOwnersListPage),
  ),
);
