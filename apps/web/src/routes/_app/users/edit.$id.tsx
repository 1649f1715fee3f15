import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/users/edit/$id')(
  editRoute('users', () => import('../../../features/users/user-pages.tsx').then((m) => m.UserEditView)),
);
