import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/pos-workers/list')(
  listRoute('pos-workers', () => import('../../../../features/pos-workers/pos-workers-list-page.tsx').then((m) => m.PosWorkersListPage)),
);
