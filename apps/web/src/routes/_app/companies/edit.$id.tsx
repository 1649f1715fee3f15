import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../lib/resource-routes.tsx';
import { companiesApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/companies/edit/$id')(
  editRoute(companiesApi, () => import('../../../features/companies/company-edit-page.tsx').then((m) => m.CompanyEditPage)),
);
