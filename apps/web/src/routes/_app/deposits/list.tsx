import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/deposits/list')(
  listRoute('deposits', () => import('../../../features/deposits/deposits-list-page.tsx').then((m) => m.DepositsListPage)),
);
