import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../lib/resource-routes.tsx';

// Every company's users, whatever the My/All Companies switch says; behind the admin gate like /users/list.
export const Route = createFileRoute('/_app/users/all/list')(
  listRoute('users', () => import('../../../../features/users/users-list-page.tsx').then((m) => m.UsersListAll), {
    permission: 'users.update',
  }),
);
