import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

// The admin gate (original §2). Managers may read their company's users (to pick a location's
// responsible worker), but managing users is for admins: the screen asks for users.update.
export const Route = createFileRoute('/_app/users/list')(
  listRoute('users', () => import('../../../features/users/users-list-page.tsx').then((m) => m.UsersListView), {
    permission: 'users.update',
  }),
);
