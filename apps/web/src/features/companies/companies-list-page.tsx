import type { Company } from '@kovanica/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { DataTable } from '../../components/data-table/index.ts';
import { EditRowLink, NewButton } from '../../components/list-actions.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { useSession } from '../../lib/session.ts';
import type { View } from '../../lib/view.ts';
import { companiesApi } from './api.ts';
import { companyFilters, useCompanyColumns } from './companies-columns.tsx';

/**
 * `/companies/list` (every company, in the All Companies view) and `/companies/list-my` (the user's
 * company and its subsidiaries): one list, two views.
 */
export function CompaniesListPage({ view }: { view: View }) {
  const { t } = useTranslation();
  const access = useAccess();
  const { accountInfo } = useSession();
  const columns = useCompanyColumns();
  const title = t(view === 'all' ? 'resources.companies.list.title' : 'resources.companies.list.titleMy');

  const rowActions = (company: Company) => (
    <>
      {access.can('companies.update') && (
        <EditRowLink to="/companies/edit/$id" id={company.id} label={t('resources.companies.list.edit', { name: company.name })} />
      )}
      {/* The server refuses deleting one's own company; the list does not offer it. */}
      {access.can('companies.delete') && company.id !== accountInfo.company_id && (
        <ConfirmDelete api={companiesApi} id={company.id} name={company.name} />
      )}
    </>
  );

  return (
    <>
      <PageHeader title={title} />
      <DataTable
        api={companiesApi}
        // The rows are the companies themselves (each names its parent).
        companyColumn={false}
        columns={columns}
        filters={companyFilters}
        // list-my: the user's company and its subsidiaries, whatever the My/All switch says.
        view="all"
        baseQuery={view === 'my' && accountInfo.company_id !== null ? { group: accountInfo.company_id } : undefined}
        title={title}
        storageId="companies"
        rowActions={rowActions}
        toolbar={access.can('companies.create') && <NewButton to="/companies/new">{t('resources.companies.list.new')}</NewButton>}
      />
    </>
  );
}

export const CompaniesListAll = () => <CompaniesListPage view="all" />;
export const CompaniesListMy = () => <CompaniesListPage view="my" />;
