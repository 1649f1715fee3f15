import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/cards/list')(
  listRoute('loyalty-cards', () =>
    import('../../../../features/loyalty-cards/loyalty-cards-list-page.tsx').then((m) => m.LoyaltyCardsListPage),
  ),
);
