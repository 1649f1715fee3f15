import { transactionTypes } from '@kovanica/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, type Filter } from '../../components/data-table/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { devicesApi } from '../../lib/apis/devices.ts';
import { locationsApi } from '../../lib/apis/locations.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { transactionsApi } from './api.ts';
import { useTransactionColumns } from './columns.tsx';

const f = (field: string) => `resources.transactions.fields.${field}`;

/** Device and location are picked from their lists (the API takes IRIs); the period is whole Zagreb days. */
const filters: readonly Filter[] = [
  {
    field: 'device',
    label: f('device'),
    kind: 'custom',
    render: (props) => <ReferenceSelect api={devicesApi} clearable {...props} />,
  },
  {
    field: 'location',
    label: f('location'),
    kind: 'custom',
    render: (props) => <ReferenceSelect api={locationsApi} clearable {...props} />,
  },
  {
    field: 'type',
    label: f('type'),
    kind: 'select',
    options: transactionTypes.map((type) => ({ value: type, label: `resources.transactions.types.${type}` })),
  },
  { field: 'at', label: 'resources.transactions.period', kind: 'date-range' },
  { field: 'test', label: f('test'), kind: 'boolean' },
];

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
