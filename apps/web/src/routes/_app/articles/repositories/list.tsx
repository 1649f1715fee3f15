import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/articles/repositories/list')(
  listRoute('repositories', () => import('../../../../features/stock/repositories-list-page.tsx').then((m) => m.RepositoriesListPage)),
);
