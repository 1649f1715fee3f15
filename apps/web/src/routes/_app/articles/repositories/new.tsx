import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../../lib/resource-routes.tsx';
import { repositoriesApi } from '../../../../lib/resources.ts';

export const Route = createFileRoute('/_app/articles/repositories/new')(
  newRoute(repositoriesApi, () => import('../../../../features/stock/repository-pages.tsx').then((m) => m.RepositoryNewPage)),
);
