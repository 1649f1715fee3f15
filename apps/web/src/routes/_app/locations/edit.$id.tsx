import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../lib/resource-routes.tsx';
import { locationsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/locations/edit/$id')(
  editRoute(locationsApi, () => import('../../../features/locations/location-form.tsx').then((m) => m.LocationEditPage)),
);
