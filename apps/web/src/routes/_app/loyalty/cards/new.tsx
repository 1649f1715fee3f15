import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/cards/new')(
  newRoute('loyalty-cards', () => import('../../../../features/loyalty-cards/loyalty-card-pages.tsx').then((m) => m.LoyaltyCardNewPage)),
);
