import { createFileRoute } from '@tanstack/react-router';
import { CitiesListPage } from '../../../features/cities/cities-list-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

export const Route = createFileRoute('/_app/cities/list')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('cities.create'),
  component: CitiesListPage,
});
