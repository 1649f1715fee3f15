import { createFileRoute } from '@tanstack/react-router';
import { LocationsListPage } from '../../../features/locations/locations-list-page.tsx';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { locationsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/locations/list')(listRoute(locationsApi, LocationsListPage));
