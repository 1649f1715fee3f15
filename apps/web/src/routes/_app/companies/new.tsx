import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';

// Creating companies is for admins only (the admin gate of original §2).
export const Route = createFileRoute('/_app/companies/new')(
  newRoute('companies', () => import('../../../features/companies/company-new-page.tsx').then((m) => m.CompanyNewPage)),
);
