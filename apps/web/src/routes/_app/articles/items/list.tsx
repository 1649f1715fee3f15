import { createFileRoute } from '@tanstack/react-router';
import { ArticlesListPage } from '../../../../features/stock/articles-list-page.tsx';
import { listRoute } from '../../../../lib/resource-routes.tsx';
import { articlesApi } from '../../../../lib/resources.ts';

export const Route = createFileRoute('/_app/articles/items/list')(listRoute(articlesApi, ArticlesListPage));
