import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';
import { locationsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/locations/new')(
  newRoute(locationsApi, () => import('../../../features/locations/location-form.tsx').then((m) => m.LocationNewPage)),
);
