import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/cities/edit/$id')(
  editRoute('cities', () => import('../../../features/cities/city-form.tsx').then((m) => m.cityPages.Edit)),
);
