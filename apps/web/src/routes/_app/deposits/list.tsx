import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { depositsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/deposits/list')(
  listRoute(depositsApi, () => import('../../../features/deposits/deposits-list-page.tsx').then((m) => m.DepositsListPage)),
);
