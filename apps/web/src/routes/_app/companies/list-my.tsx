import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

// The user's company and its subsidiaries. Behind the admin gate like every companies screen
// (original §2): `companies.update` is an admin's permission.
export const Route = createFileRoute('/_app/companies/list-my')(
  listRoute('companies', () => import('../../../features/companies/companies-list-page.tsx').then((m) => m.CompaniesListMy), {
    permission: 'companies.update',
  }),
);
