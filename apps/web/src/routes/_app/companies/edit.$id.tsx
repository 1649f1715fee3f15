import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/companies/edit/$id')(
  editRoute('companies', () => import('../../../features/companies/company-edit-page.tsx').then((m) => m.CompanyEditPage)),
);
