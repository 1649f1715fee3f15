import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/cities/new')(
  newRoute('cities', () => import('../../../features/cities/city-form.tsx').then((m) => m.cityPages.New)),
);
