import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { locationsApi } from '../../lib/apis/locations.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { emptyingsApi } from './api.ts';
import { useEmptyingColumns } from './columns.tsx';
import { historyFilters } from './filters.tsx';

const stem = 'resources.emptyings';
const filters = historyFilters({
  stem,
  time: 'at',
  extra: [
    {
      field: 'location',
      label: `${stem}.fields.location`,
      kind: 'custom',
      render: (props) => <ReferenceSelect api={locationsApi} clearable {...props} />,
    },
  ],
});

/** `/devices/discharge-history`: every emptying, telemetry's count beside the device's own counters. */
export function EmptyingsPage() {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const columns = useEmptyingColumns();
  const title = t(`${stem}.name`);
  return (
    <>
      <PageHeader title={title} subtitle={t(`${stem}.subtitle`)} />
      <DataTable
        api={emptyingsApi}
        columns={columns}
        filters={filters}
        title={title}
        storageId={viewOf(accountInfo) === 'all' ? 'emptyings-all' : 'emptyings'}
      />
    </>
  );
}
