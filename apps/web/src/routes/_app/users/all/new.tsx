import { createFileRoute } from '@tanstack/react-router';
import { usersApis } from '../../../../features/users/api.ts';
import { newRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/users/all/new')(
  newRoute(usersApis.all, () => import('../../../../features/users/user-pages.tsx').then((m) => m.UserNewAll)),
);
