import { createFileRoute } from '@tanstack/react-router';
import { usersApis } from '../../../../features/users/api.ts';
import { listRoute } from '../../../../lib/resource-routes.tsx';

// Every company's users, whatever the My/All Companies switch says; behind the admin gate like /users/list.
export const Route = createFileRoute('/_app/users/all/list')(
  listRoute(usersApis.all, () => import('../../../../features/users/users-list-page.tsx').then((m) => m.UsersListAll), {
    permission: 'users.update',
  }),
);
