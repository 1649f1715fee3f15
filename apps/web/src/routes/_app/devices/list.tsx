import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/devices/list')(
  listRoute('devices', () => import('../../../features/devices/devices-list-page.tsx').then((m) => m.DevicesListPage)),
);
