import { createFileRoute } from '@tanstack/react-router';
import { RepositoryNewPage } from '../../../../features/stock/repository-pages.tsx';
import { newRoute } from '../../../../lib/resource-routes.tsx';
import { repositoriesApi } from '../../../../lib/resources.ts';

export const Route = createFileRoute('/_app/articles/repositories/new')(newRoute(repositoriesApi, RepositoryNewPage));
