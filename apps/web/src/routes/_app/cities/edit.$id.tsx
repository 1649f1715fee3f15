import { createFileRoute } from '@tanstack/react-router';
import { cityPages } from '../../../features/cities/city-form.tsx';
import { editRoute } from '../../../lib/resource-routes.tsx';
import { citiesApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/cities/edit/$id')(editRoute(citiesApi, cityPages.Edit));
