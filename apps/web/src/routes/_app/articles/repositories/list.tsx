import { createFileRoute } from '@tanstack/react-router';
import { RepositoriesListPage } from '../../../../features/stock/repositories-list-page.tsx';
import { listRoute } from '../../../../lib/resource-routes.tsx';
import { repositoriesApi } from '../../../../lib/resources.ts';

export const Route = createFileRoute('/_app/articles/repositories/list')(listRoute(repositoriesApi, RepositoriesListPage));
