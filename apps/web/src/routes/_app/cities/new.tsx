import { createFileRoute } from '@tanstack/react-router';
import { cityPages } from '../../../features/cities/city-form.tsx';
import { newRoute } from '../../../lib/resource-routes.tsx';
import { citiesApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/cities/new')(newRoute(citiesApi, cityPages.New));
