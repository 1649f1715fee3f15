import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../../lib/resource-routes.tsx';

// Workers record movements here and accountants read the stock: the page opens for every reader, the form read-only for them.
export const Route = createFileRoute('/_app/articles/repositories/edit/$id')(
  editRoute('repositories', () => import('../../../../features/stock/repository-pages.tsx').then((m) => m.RepositoryEditPage), {
    permission: 'repositories.read',
  }),
);
