import { createFileRoute } from '@tanstack/react-router';
import { LocationNewPage } from '../../../features/locations/location-form.tsx';
import { newRoute } from '../../../lib/resource-routes.tsx';
import { locationsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/locations/new')(newRoute(locationsApi, LocationNewPage));
