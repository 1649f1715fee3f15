import { createFileRoute } from '@tanstack/react-router';
import { DepositsListPage } from '../../../features/deposits/deposits-list-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

export const Route = createFileRoute('/_app/deposits/list')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('deposits.read'),
  component: DepositsListPage,
});
