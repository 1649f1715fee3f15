import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/locations/edit/$id')(
  editRoute('locations', () => import('../../../features/locations/location-form.tsx').then((m) => m.LocationEditPage)),
);
