import { createFileRoute } from '@tanstack/react-router';
import { usersApis } from '../../../../features/users/api.ts';
import { editRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/users/all/edit/$id')(
  editRoute(usersApis.all, () => import('../../../../features/users/user-pages.tsx').then((m) => m.UserEditAll)),
);
