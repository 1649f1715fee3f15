import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../lib/resource-routes.tsx';
import { citiesApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/cities/edit/$id')(
  editRoute(citiesApi, () => import('../../../features/cities/city-form.tsx').then((m) => m.cityPages.Edit)),
);
