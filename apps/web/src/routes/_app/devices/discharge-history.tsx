import { createFileRoute } from '@tanstack/react-router';
import { EmptyingsPage } from '../../../features/device-history/emptyings-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

export const Route = createFileRoute('/_app/devices/discharge-history')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('emptyings.read'),
  component: EmptyingsPage,
});
