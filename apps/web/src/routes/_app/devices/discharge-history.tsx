import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { emptyingsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/devices/discharge-history')(
  listRoute(emptyingsApi, () => import('../../../features/device-history/emptyings-page.tsx').then((m) => m.EmptyingsPage)),
);
