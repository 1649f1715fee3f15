import { transactionFieldsDescription } from '@kovanica/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, describedFilters, type Filter } from '../../components/data-table/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { devicesApi } from '../../lib/apis/devices.ts';
import { locationsApi } from '../../lib/apis/locations.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { transactionsApi } from './api.ts';
import { useTransactionColumns } from './columns.tsx';

/** The period: whole Zagreb days. */
const period: Filter = { field: 'at', label: 'resources.transactions.period', kind: 'date-range' };

/** Device and location are picked from their lists (the API takes IRIs); the period comes before the test plays. */
const filters: readonly Filter[] = describedFilters(transactionFieldsDescription, {
  device: { render: (props) => <ReferenceSelect api={devicesApi} clearable {...props} /> },
  location: { render: (props) => <ReferenceSelect api={locationsApi} clearable {...props} /> },
}).flatMap((filter) => (filter.field === 'test' ? [period, filter] : [filter]));

/** `/transactions/list`: the loggers' payments and plays, newest first; test plays are marked. */
export function TransactionsListPage() {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const columns = useTransactionColumns();
  const title = t('resources.transactions.name');

  return (
    <>
      <PageHeader title={title} subtitle={t('resources.transactions.subtitle')} />
      <DataTable
        api={transactionsApi}
        columns={columns}
        filters={filters}
        title={title}
        storageId={wide ? 'transactions-all' : 'transactions'}
      />
    </>
  );
}
