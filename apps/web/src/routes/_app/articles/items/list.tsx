import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../lib/resource-routes.tsx';
import { articlesApi } from '../../../../lib/resources.ts';

export const Route = createFileRoute('/_app/articles/items/list')(
  listRoute(articlesApi, () => import('../../../../features/stock/articles-list-page.tsx').then((m) => m.ArticlesListPage)),
);
