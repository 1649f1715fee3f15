import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/devices/new')(
  newRoute('devices', () => import('../../../features/devices/device-pages.tsx').then((m) => m.DeviceNewPage)),
);
