import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/locations/new')(
  newRoute('locations', () => import('../../../features/locations/location-form.tsx').then((m) => m.LocationNewPage)),
);
