import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../../lib/resource-routes.tsx';

// Accountants read POS owners: the page opens for them with the form read-only.
export const Route = createFileRoute('/_app/loyalty/pos-owners/edit/$id')(
  editRoute('pos-owners', () => import('../../../../features/pos-owners/pos-owner-form.tsx').then((m) => m.PosOwnerEditPage), {
    permission: 'pos-owners.read',
  }),
);
