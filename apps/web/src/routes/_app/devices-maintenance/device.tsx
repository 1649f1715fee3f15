import { createFileRoute } from '@tanstack/react-router';
import { MaintenanceByDevicePage } from '../../../features/maintenance/maintenance-pages.tsx';
import { requireComponent, requireModule, requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

export const Route = createFileRoute('/_app/devices-maintenance/device')({
  validateSearch: listSearch,
  beforeLoad: () => {
    requirePermission('maintenance.read');
    requireModule('devices');
    requireComponent('devices.maintenance');
  },
  component: MaintenanceByDevicePage,
});
