import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';
import { usersApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/users/new')(
  newRoute(usersApi, () => import('../../../features/users/user-pages.tsx').then((m) => m.UserNewView)),
);
