import { createFileRoute, notFound } from '@tanstack/react-router';
import { companiesApi } from '../../../features/companies/api.ts';
import { CompanyEditPage } from '../../../features/companies/company-edit-page.tsx';
import { requirePermission } from '../../../lib/access.ts';

const idOf = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

export const Route = createFileRoute('/_app/companies/edit/$id')({
  beforeLoad: () => requirePermission('companies.update'),
  loader: async ({ context, params }) => {
    const id = idOf(params.id);
    if (id === null) throw notFound();
    await context.queryClient.ensureQueryData(companiesApi.detail(id));
    return { id };
  },
  component: function CompanyEditRoute() {
    const { id } = Route.useLoaderData();
    return <CompanyEditPage id={id} />;
  },
});
