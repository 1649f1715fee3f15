import { businessDate, formatDate, formatTime } from '@kovanica/contract';
import { SimpleGrid } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { locationsApi } from '../../lib/apis/locations.ts';
import { useQueryNow } from '../../lib/query-now.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { revenueReportQuery } from './api.ts';
import { useRevenueColumns } from './revenue-columns.tsx';
import { RevenueFigures } from './revenue-figures.tsx';
import { revenuePlaces } from './revenue-places.ts';
import { pagingQuery, type TodayRevenueSearch } from './revenue-search.ts';
import { RevenueTable } from './revenue-table.tsx';

const route = getRouteApi('/_app/today-revenue/list');

/** New plays show within seconds: the loggers report as they happen, and the page asks this often. */
export const TODAY_REFRESH_MS = 10_000;

/** Today's business day (Zagreb), moving on at midnight while the page stays open. */
function useBusinessToday(): string {
  const [today, setToday] = useState(businessDate);
  useInterval(() => setToday(businessDate()), 60_000, { autoInvoke: true });
  return today;
}

/** `/today-revenue/list`: today's revenue per device, kept current while the page is open. */
export function TodayRevenuePage() {
  const { t } = useTranslation();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { accountInfo } = useSession();
  const today = useBusinessToday();
  const queryClient = useQueryClient();
  const view = viewOf(accountInfo);
  const query = { from: today, to: today, location: search.location, ...pagingQuery(search) };
  const report = useQueryNow({ ...revenueReportQuery(query, view), refetchInterval: TODAY_REFRESH_MS, placeholderData: keepPreviousData });
  const setPaging = (patch: Partial<TodayRevenueSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true });
  const columns = useRevenueColumns('device');
  const title = t('resources.revenue.today');

  return (
    <>
      <PageHeader
        title={title}
        // The same line before the first answer, its time a placeholder of the same width: a shorter
        // subtitle would wrap when the answer came and push the page down (a layout shift on a phone).
        subtitle={t('resources.revenue.todaySubtitle', {
          date: formatDate(today),
          time: report.dataUpdatedAt ? formatTime(report.dataUpdatedAt) : '--:--',
        })}
      />
      <RevenueFigures totals={report.data?.totals} />
      <RevenueTable
        report={report.data}
        paging={search}
        onPaging={setPaging}
        fetchPage={(page, itemsPerPage) =>
          queryClient.fetchQuery({ ...revenueReportQuery({ ...query, page, itemsPerPage }, view), staleTime: 0, gcTime: 0 })
        }
        columns={columns}
        title={title}
        filePeriod=""
        exportFilters={() => revenuePlaces(t, { location: search.location })}
        storageId="today-revenue"
        status={report}
        filters={
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            <ReferenceSelect
              api={locationsApi}
              label={t('resources.revenue.fields.location')}
              placeholder={t('dataTable.any')}
              clearable
              value={search.location ?? null}
              onChange={(location) => setPaging({ location: location ?? undefined, page: undefined })}
            />
          </SimpleGrid>
        }
      />
    </>
  );
}
