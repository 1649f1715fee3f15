import { parseId } from '@kovanica/contract';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { DeviceMaintenancePage } from '../../../features/maintenance/maintenance-pages.tsx';
import { requireComponent, requireModule, requirePermission } from '../../../lib/access.ts';
import { devicesApi } from '../../../lib/apis/devices.ts';
import { listSearch } from '../../../lib/list-state.ts';
import { loadRecord } from '../../../lib/missing-record.ts';

export const Route = createFileRoute('/_app/devices/maintenance/$id')({
  validateSearch: listSearch,
  beforeLoad: () => {
    requirePermission('maintenance.read');
    requireModule('devices');
    requireComponent('devices.maintenance');
  },
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    await loadRecord('devices', '/devices/list', () => context.queryClient.ensureQueryData(devicesApi.detail(id)));
    return { id };
  },
  component: function DeviceMaintenanceRoute() {
    const { id } = Route.useLoaderData();
    return <DeviceMaintenancePage id={id} />;
  },
});
