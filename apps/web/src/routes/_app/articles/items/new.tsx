import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/articles/items/new')(
  newRoute('articles', () => import('../../../../features/stock/article-form.tsx').then((m) => m.ArticleNewPage)),
);
