import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';
import { citiesApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/cities/new')(
  newRoute(citiesApi, () => import('../../../features/cities/city-form.tsx').then((m) => m.cityPages.New)),
);
