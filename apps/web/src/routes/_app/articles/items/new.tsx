import { createFileRoute } from '@tanstack/react-router';
import { ArticleNewPage } from '../../../../features/stock/article-form.tsx';
import { newRoute } from '../../../../lib/resource-routes.tsx';
import { articlesApi } from '../../../../lib/resources.ts';

export const Route = createFileRoute('/_app/articles/items/new')(newRoute(articlesApi, ArticleNewPage));
