import { createFileRoute } from '@tanstack/react-router';
import { UserNewPage } from '../../../features/users/user-pages.tsx';
import { requirePermission } from '../../../lib/access.ts';

export const Route = createFileRoute('/_app/users/new')({
  beforeLoad: () => requirePermission('users.create'),
  component: () => <UserNewPage scope="view" />,
});
