import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/lessors/list')(
  listRoute('lessors', () => import('../../../features/lessors/lessors-list-page.tsx').then((m) => m.LessorsListPage)),
);
