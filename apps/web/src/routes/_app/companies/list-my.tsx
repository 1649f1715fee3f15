import { createFileRoute } from '@tanstack/react-router';
import { CompaniesListPage } from '../../../features/companies/companies-list-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

// The user's company and its subsidiaries. Behind the admin gate like every companies screen
// (original §2): `companies.update` is an admin's permission.
export const Route = createFileRoute('/_app/companies/list-my')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('companies.update'),
  component: () => <CompaniesListPage view="my" />,
});
