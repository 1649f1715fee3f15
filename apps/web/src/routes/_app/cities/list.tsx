import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

// Cities are shared by every company: the list is behind the admin gate of original §2.
export const Route = createFileRoute('/_app/cities/list')(
  listRoute('cities', () => import('../../../features/cities/cities-list-page.tsx').then((m) => m.CitiesListPage), {
    permission: 'cities.create',
  }),
);
