import { createFileRoute } from '@tanstack/react-router';
import { LocationsListPage } from '../../../features/locations/locations-list-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

export const Route = createFileRoute('/_app/locations/list')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('locations.read'),
  component: LocationsListPage,
});
