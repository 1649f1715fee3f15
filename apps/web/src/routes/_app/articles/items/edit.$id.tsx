import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../../lib/resource-routes.tsx';

// Workers and accountants read articles: the page opens for them with the form read-only.
export const Route = createFileRoute('/_app/articles/items/edit/$id')(
  editRoute('articles', () => import('../../../../features/stock/article-form.tsx').then((m) => m.ArticleEditPage), {
    permission: 'articles.read',
  }),
);
