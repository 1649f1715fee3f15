import { createFileRoute } from '@tanstack/react-router';
import { CompanyEditPage } from '../../../features/companies/company-edit-page.tsx';
import { editRoute } from '../../../lib/resource-routes.tsx';
import { companiesApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/companies/edit/$id')(editRoute(companiesApi, CompanyEditPage));
