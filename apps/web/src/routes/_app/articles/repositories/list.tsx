import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../lib/resource-routes.tsx';
import { repositoriesApi } from '../../../../lib/resources.ts';

export const Route = createFileRoute('/_app/articles/repositories/list')(
  listRoute(repositoriesApi, () => import('../../../../features/stock/repositories-list-page.tsx').then((m) => m.RepositoriesListPage)),
);
