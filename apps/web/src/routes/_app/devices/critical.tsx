import { createFileRoute } from '@tanstack/react-router';
import { CriticalDevicesPage } from '../../../features/devices/critical-devices-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

export const Route = createFileRoute('/_app/devices/critical')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('devices.read'),
  component: CriticalDevicesPage,
});
