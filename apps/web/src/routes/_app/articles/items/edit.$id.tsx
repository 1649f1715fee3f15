import { createFileRoute } from '@tanstack/react-router';
import { ArticleEditPage } from '../../../../features/stock/article-form.tsx';
import { editRoute } from '../../../../lib/resource-routes.tsx';
import { articlesApi } from '../../../../lib/resources.ts';

// Workers and accountants read articles: the page opens for them with the form read-only.
export const Route = createFileRoute('/_app/articles/items/edit/$id')(
  editRoute(articlesApi, ArticleEditPage, { permission: 'articles.read' }),
);
