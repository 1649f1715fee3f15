import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/articles/repositories/new')(
  newRoute('repositories', () => import('../../../../features/stock/repository-pages.tsx').then((m) => m.RepositoryNewPage)),
);
