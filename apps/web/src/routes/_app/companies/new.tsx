import { createFileRoute } from '@tanstack/react-router';
import { CompanyNewPage } from '../../../features/companies/company-new-page.tsx';
import { requirePermission } from '../../../lib/access.ts';

// Creating companies is for admins only (the admin gate of original §2).
export const Route = createFileRoute('/_app/companies/new')({
  beforeLoad: () => requirePermission('companies.create'),
  component: CompanyNewPage,
});
