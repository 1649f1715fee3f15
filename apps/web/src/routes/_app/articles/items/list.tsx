import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/articles/items/list')(
  listRoute('articles', () => import('../../../../features/stock/articles-list-page.tsx').then((m) => m.ArticlesListPage)),
);
