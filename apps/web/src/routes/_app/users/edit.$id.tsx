import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../lib/resource-routes.tsx';
import { usersApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/users/edit/$id')(
  editRoute(usersApi, () => import('../../../features/users/user-pages.tsx').then((m) => m.UserEditView)),
);
