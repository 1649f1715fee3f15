import { formatDate } from '@kovanica/contract';
import { SegmentedControl, SimpleGrid } from '@mantine/core';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DayRangeInputs } from '../../components/day-range-inputs.tsx';
import { DemoHistoryNotice } from '../../components/demo-history-notice.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { devicesApi } from '../../lib/apis/devices.ts';
import { locationsApi } from '../../lib/apis/locations.ts';
import { monthToDate } from '../../lib/day.ts';
import { useQueryNow } from '../../lib/query-now.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { revenueReportQuery } from './api.ts';
import { useRevenueColumns } from './revenue-columns.tsx';
import { RevenueFigures } from './revenue-figures.tsx';
import { revenuePlaces } from './revenue-places.ts';
import type { RevenueGrouping } from './revenue-rows.ts';
import { type DetailedReviewSearch, pagingQuery } from './revenue-search.ts';
import { RevenueTable } from './revenue-table.tsx';

const route = getRouteApi('/_app/detailed-review/list');

/** `/detailed-review/list`: revenue over a chosen range, per device or per location, with totals and export. */
export function DetailedReviewPage() {
  const { t } = useTranslation();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { accountInfo } = useSession();
  const range = monthToDate();
  const from = search.from ?? range.from;
  const to = search.to ?? range.to;
  const grouping: RevenueGrouping = search.group ?? 'device';
  const backwards = to < from;

  const queryClient = useQueryClient();
  const view = viewOf(accountInfo);
  const query = { from, to, location: search.location, device: search.device, group: grouping, ...pagingQuery(search) };
  const report = useQueryNow({ ...revenueReportQuery(query, view), enabled: !backwards, placeholderData: keepPreviousData });
  const columns = useRevenueColumns(grouping);
  const title = t('resources.revenue.detailed');

  /** Every change stays in the URL (a reload or a shared link shows the same report); typing replaces the entry. */
  const setPaging = (patch: Partial<DetailedReviewSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true });
  /** A filter or the grouping changed: back to the first page. */
  const set = (patch: Partial<DetailedReviewSearch>) => setPaging({ ...patch, page: undefined });

  return (
    <>
      <PageHeader title={title} subtitle={`${formatDate(from)} – ${formatDate(to)}`} />
      <DemoHistoryNotice />
      <RevenueFigures totals={backwards ? undefined : report.data?.totals} />
      <RevenueTable
        report={backwards ? null : report.data}
        paging={search}
        onPaging={setPaging}
        fetchPage={(page, itemsPerPage) =>
          queryClient.fetchQuery({ ...revenueReportQuery({ ...query, page, itemsPerPage }, view), staleTime: 0, gcTime: 0 })
        }
        columns={columns}
        title={title}
        filePeriod={`${from}-${to}`}
        exportFilters={() => revenuePlaces(t, search)}
        storageId={`detailed-review-${grouping}`}
        status={report}
        toolbar={
          <SegmentedControl
            aria-label={t('resources.revenue.grouping')}
            value={grouping}
            onChange={(value) => set({ group: value === 'location' ? 'location' : undefined })}
            data={[
              { value: 'device', label: t('resources.revenue.perDevice') },
              { value: 'location', label: t('resources.revenue.perLocation') },
            ]}
          />
        }
        filters={
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
            <DayRangeInputs from={from} to={to} onChange={set} />
            <ReferenceSelect
              api={locationsApi}
              label={t('resources.revenue.fields.location')}
              placeholder={t('dataTable.any')}
              clearable
              value={search.location ?? null}
              onChange={(location) => set({ location: location ?? undefined })}
            />
            <ReferenceSelect
              api={devicesApi}
              label={t('resources.revenue.fields.device')}
              placeholder={t('dataTable.any')}
              clearable
              value={search.device ?? null}
              onChange={(device) => set({ device: device ?? undefined })}
            />
          </SimpleGrid>
        }
      />
    </>
  );
}
