import { createFileRoute } from '@tanstack/react-router';
import { DeviceNewPage } from '../../../features/devices/device-pages.tsx';
import { requirePermission } from '../../../lib/access.ts';

// Workers may edit devices but not add them: typing the address shows the refusal.
export const Route = createFileRoute('/_app/devices/new')({
  beforeLoad: () => requirePermission('devices.create'),
  component: DeviceNewPage,
});
