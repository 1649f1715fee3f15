import { createFileRoute } from '@tanstack/react-router';
import { DevicesMapPage } from '../../../features/devices-map/devices-map-page.tsx';
import { devicesMapSearch } from '../../../features/devices-map/map-state.ts';
import { requireComponent, requireModule, requirePermission } from '../../../lib/access.ts';

export const Route = createFileRoute('/_app/devices/map')({
  validateSearch: devicesMapSearch,
  beforeLoad: () => {
    requirePermission('devices.read');
    requireModule('devices');
    requireComponent('devices.map');
  },
  component: DevicesMapPage,
});
