import { createFileRoute } from '@tanstack/react-router';
import { LessorsListPage } from '../../../features/lessors/lessors-list-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

export const Route = createFileRoute('/_app/lessors/list')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('lessors.read'),
  component: LessorsListPage,
});
