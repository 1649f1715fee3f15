import { createFileRoute } from '@tanstack/react-router';
import { UsersListPage } from '../../../../features/users/users-list-page.tsx';
import { requirePermission } from '../../../../lib/access.ts';
import { listSearch } from '../../../../lib/list-state.ts';

// Every company's users, whatever the My/All Companies switch says; behind the admin gate like
// /users/list (users.update: managers may read users, not manage them).
export const Route = createFileRoute('/_app/users/all/list')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('users.update'),
  component: () => <UsersListPage scope="all" />,
});
