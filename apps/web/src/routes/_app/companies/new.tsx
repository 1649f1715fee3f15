import { createFileRoute } from '@tanstack/react-router';
import { CompanyNewPage } from '../../../features/companies/company-new-page.tsx';
import { newRoute } from '../../../lib/resource-routes.tsx';
import { companiesApi } from '../../../lib/resources.ts';

// Creating companies is for admins only (the admin gate of original §2).
export const Route = createFileRoute('/_app/companies/new')(newRoute(companiesApi, CompanyNewPage));
