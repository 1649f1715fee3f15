import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../../lib/resource-routes.tsx';

// Accountants read owners: the page opens for them with the form read-only.
export const Route = createFileRoute('/_app/loyalty/owners/edit/$id')(
  editRoute(
    'loyalty-owners',
    () => import('../../../../features/loyalty-owners/loyalty-owner-form.tsx').then((m) => m.LoyaltyOwnerEditPage),
    {
      permission: 'loyalty-owners.read',
    },
  ),
);
