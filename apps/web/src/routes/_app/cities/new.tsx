import { createFileRoute } from '@tanstack/react-router';
import { CityNewPage } from '../../../features/cities/city-edit-page.tsx';
import { requirePermission } from '../../../lib/access.ts';

// Cities are shared by every company: only admins add them (the admin gate of original §2).
export const Route = createFileRoute('/_app/cities/new')({
  beforeLoad: () => requirePermission('cities.create'),
  component: CityNewPage,
});
