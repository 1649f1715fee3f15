import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/locations/list')(
  listRoute('locations', () => import('../../../features/locations/locations-list-page.tsx').then((m) => m.LocationsListPage)),
);
