import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../../lib/resource-routes.tsx';

// Accountants read a card's balance and ledger here: the page opens for every reader, the form read-only for them.
export const Route = createFileRoute('/_app/loyalty/cards/edit/$id')(
  editRoute('loyalty-cards', () => import('../../../../features/loyalty-cards/loyalty-card-pages.tsx').then((m) => m.LoyaltyCardEditPage), {
    permission: 'loyalty-cards.read',
  }),
);
