import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/owners/new')(
  newRoute('loyalty-owners', () => import('../../../../features/loyalty-owners/loyalty-owner-form.tsx').then((m) => m.LoyaltyOwnerNewPage)),
);
