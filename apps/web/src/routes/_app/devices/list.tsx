import { createFileRoute } from '@tanstack/react-router';
import { DevicesListPage } from '../../../features/devices/devices-list-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

export const Route = createFileRoute('/_app/devices/list')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('devices.read'),
  component: DevicesListPage,
});
