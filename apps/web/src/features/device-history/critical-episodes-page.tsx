import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { criticalEpisodesApi } from './api.ts';
import { useCriticalEpisodeColumns } from './columns.tsx';
import { historyFilters } from './filters.tsx';

const stem = 'resources.critical-episodes';

/** `/devices/critical-history`: every critical alarm a device raised, until it was cleared. */
export function CriticalEpisodesPage() {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const columns = useCriticalEpisodeColumns(wide);
  const filters = useMemo(
    () => historyFilters({ stem, time: 'startedAt', wide, extra: [{ field: 'code', label: `${stem}.fields.code`, kind: 'text' }] }),
    [wide],
  );
  const title = t(`${stem}.name`);
  return (
    <>
      <PageHeader title={title} subtitle={t(`${stem}.subtitle`)} />
      <DataTable
        api={criticalEpisodesApi}
        columns={columns}
        filters={filters}
        title={title}
        storageId={wide ? 'critical-episodes-all' : 'critical-episodes'}
      />
    </>
  );
}
