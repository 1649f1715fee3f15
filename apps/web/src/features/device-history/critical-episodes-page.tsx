import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { criticalEpisodesApi } from './api.ts';
import { useCriticalEpisodeColumns } from './columns.tsx';
import { historyFilters } from './filters.tsx';

const stem = 'resources.critical-episodes';
const filters = historyFilters({ stem, time: 'startedAt', extra: [{ field: 'code', label: `${stem}.fields.code`, kind: 'text' }] });

/** `/devices/critical-history`: every critical alarm a device raised, until it was cleared. */
export function CriticalEpisodesPage() {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const columns = useCriticalEpisodeColumns();
  const title = t(`${stem}.name`);
  return (
    <>
      <PageHeader title={title} subtitle={t(`${stem}.subtitle`)} />
      <DataTable
        api={criticalEpisodesApi}
        columns={columns}
        filters={filters}
        title={title}
        storageId={viewOf(accountInfo) === 'all' ? 'critical-episodes-all' : 'critical-episodes'}
      />
    </>
  );
}
