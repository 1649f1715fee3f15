import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { serviceSessionsApi } from './api.ts';
import { useServiceSessionColumns } from './columns.tsx';
import { historyFilters } from './filters.tsx';

const stem = 'resources.service-sessions';
const filters = historyFilters({ stem, time: 'startedAt' });

/** `/devices/service-mode-history`: when devices were in service mode, and the test plays meanwhile. */
export function ServiceSessionsPage() {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const columns = useServiceSessionColumns();
  const title = t(`${stem}.name`);
  return (
    <>
      <PageHeader title={title} subtitle={t(`${stem}.subtitle`)} />
      <DataTable
        api={serviceSessionsApi}
        columns={columns}
        filters={filters}
        title={title}
        storageId={viewOf(accountInfo) === 'all' ? 'service-sessions-all' : 'service-sessions'}
      />
    </>
  );
}
