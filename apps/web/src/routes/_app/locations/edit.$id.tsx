import { createFileRoute } from '@tanstack/react-router';
import { LocationEditPage } from '../../../features/locations/location-form.tsx';
import { editRoute } from '../../../lib/resource-routes.tsx';
import { locationsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/locations/edit/$id')(editRoute(locationsApi, LocationEditPage));
