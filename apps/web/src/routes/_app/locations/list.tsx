import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { locationsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/locations/list')(
  listRoute(locationsApi, () => import('../../../features/locations/locations-list-page.tsx').then((m) => m.LocationsListPage)),
);
