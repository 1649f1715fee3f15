import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

// Every company, whatever the My/All Companies switch says: only admins may create companies, and
// only they see this list (the admin gate of original §2).
export const Route = createFileRoute('/_app/companies/list')(
  listRoute('companies', () => import('../../../features/companies/companies-list-page.tsx').then((m) => m.CompaniesListAll), {
    permission: 'companies.create',
  }),
);
