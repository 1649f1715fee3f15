import { formatDate } from '@kovanica/contract';
import { SegmentedControl, SimpleGrid } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangeInputs } from '../../components/day-range-inputs.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { devicesApi, locationsApi } from '../../lib/resources.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { revenueReportQuery } from './api.ts';
import { useRevenueColumns } from './revenue-columns.tsx';
import { RevenueFigures } from './revenue-figures.tsx';
import { linesOf, type RevenueGrouping } from './revenue-rows.ts';
import { type DetailedReviewSearch, defaultRange } from './revenue-search.ts';
import { RevenueTable } from './revenue-table.tsx';

const route = getRouteApi('/_app/detailed-review/list');

/** `/detailed-review/list`: revenue over a chosen range, per device or per location, with totals and export. */
export function DetailedReviewPage() {
  const { t } = useTranslation();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { accountInfo } = useSession();
  const range = defaultRange();
  const from = search.from ?? range.from;
  const to = search.to ?? range.to;
  const grouping: RevenueGrouping = search.group ?? 'device';
  const backwards = to < from;

  const report = useQuery({
    ...revenueReportQuery({ from, to, location: search.location, device: search.device }, viewOf(accountInfo)),
    enabled: !backwards,
    placeholderData: keepPreviousData,
  });
  const lines = useMemo(() => report.data && linesOf(report.data.rows, grouping), [report.data, grouping]);
  const columns = useRevenueColumns(grouping);
  const title = t('resources.revenue.detailed');

  /** Every change stays in the URL (a reload or a shared link shows the same report); typing replaces the entry. */
  const set = (patch: Partial<DetailedReviewSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true });

  return (
    <>
      <PageHeader title={title} subtitle={`${formatDate(from)} – ${formatDate(to)}`} />
      <RevenueFigures totals={backwards ? undefined : report.data?.totals} />
      <RevenueTable
        lines={backwards ? [] : lines}
        totals={report.data?.totals}
        columns={columns}
        title={title}
        fileStem={`detailed-review-${from}-${to}`}
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
