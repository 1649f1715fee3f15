import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { lessorsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/lessors/list')(
  listRoute(lessorsApi, () => import('../../../features/lessors/lessors-list-page.tsx').then((m) => m.LessorsListPage)),
);
