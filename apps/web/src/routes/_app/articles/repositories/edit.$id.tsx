import { createFileRoute } from '@tanstack/react-router';
import { RepositoryEditPage } from '../../../../features/stock/repository-pages.tsx';
import { editRoute } from '../../../../lib/resource-routes.tsx';
import { repositoriesApi } from '../../../../lib/resources.ts';

// Workers record movements here and accountants read the stock: the page opens for every reader, the form read-only for them.
export const Route = createFileRoute('/_app/articles/repositories/edit/$id')(
  editRoute(repositoriesApi, RepositoryEditPage, { permission: 'repositories.read' }),
);
