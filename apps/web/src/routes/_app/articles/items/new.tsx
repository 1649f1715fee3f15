import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../../lib/resource-routes.tsx';
import { articlesApi } from '../../../../lib/resources.ts';

export const Route = createFileRoute('/_app/articles/items/new')(
  newRoute(articlesApi, () => import('../../../../features/stock/article-form.tsx').then((m) => m.ArticleNewPage)),
);
