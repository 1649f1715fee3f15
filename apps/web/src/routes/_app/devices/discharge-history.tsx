import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/devices/discharge-history')(
  listRoute('emptyings', () => import('../../../features/device-history/emptyings-page.tsx').then((m) => m.EmptyingsPage)),
);
