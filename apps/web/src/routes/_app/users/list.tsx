import { createFileRoute } from '@tanstack/react-router';
import { UsersListPage } from '../../../features/users/users-list-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

// The admin gate (original §2). Managers may read their company's users (to pick a location's
// responsible worker), but managing users is for admins: the screen asks for users.update, and
// anyone without it who types the address sees a refusal.
export const Route = createFileRoute('/_app/users/list')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('users.update'),
  component: () => <UsersListPage scope="view" />,
});
