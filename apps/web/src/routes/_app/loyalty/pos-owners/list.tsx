import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/pos-owners/list')(
  listRoute('pos-owners', () => import('../../../../features/pos-owners/pos-owners-list-page.tsx').then((m) => m.PosOwnersListPage)),
);
