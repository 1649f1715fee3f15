import { createFileRoute } from '@tanstack/react-router';
import { LocationNewPage } from '../../../features/locations/location-edit-page.tsx';
import { requirePermission } from '../../../lib/access.ts';

export const Route = createFileRoute('/_app/locations/new')({
  beforeLoad: () => requirePermission('locations.create'),
  component: LocationNewPage,
});
