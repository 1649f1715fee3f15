import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/pos-owners/edit/$id')(
  editRoute('pos-owners', () => import('../../../../features/pos-owners/pos-owner-form.tsx').then((m) => m.PosOwnerEditPage)),
);
