import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { devicesApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/devices/list')(
  listRoute(devicesApi, () => import('../../../features/devices/devices-list-page.tsx').then((m) => m.DevicesListPage)),
);
