import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/pos-owners/new')(
  newRoute('pos-owners', () => import('../../../../features/pos-owners/pos-owner-form.tsx').then((m) => m.PosOwnerNewPage)),
);
