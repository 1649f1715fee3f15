import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';
import { devicesApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/devices/new')(
  newRoute(devicesApi, () => import('../../../features/devices/device-pages.tsx').then((m) => m.DeviceNewPage)),
);
