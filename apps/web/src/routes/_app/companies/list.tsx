import { createFileRoute } from '@tanstack/react-router';
import { CompaniesListPage } from '../../../features/companies/companies-list-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

// Every company, whatever the My/All Companies switch says: only admins may create companies, and
// only they see this list (the admin gate of original §2).
export const Route = createFileRoute('/_app/companies/list')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('companies.create'),
  component: () => <CompaniesListPage view="all" />,
});
