import { type ComparativeOrderField, type ComparativeSubject, FINANCE_MAX_DAYS, formatDate, formatMoney } from '@kovanica/contract';
import { SimpleGrid, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowsDiff, IconCoins, IconHistory, IconPercentage } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ComparisonPresetSelect } from '../../components/comparison-preset-select.tsx';
import { SortHeader } from '../../components/data-table/index.ts';
import { DayInput } from '../../components/day-input.tsx';
import { DayRangeInputs } from '../../components/day-range-inputs.tsx';
import { DemoHistoryNotice } from '../../components/demo-history-notice.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { ReportFigures } from '../../components/report-figures.tsx';
import { ReportPlaceFilters, reportPlaceScope } from '../../components/report-place-filters.tsx';
import { PagedReportTable } from '../../components/report-table/index.ts';
import { WhenNear } from '../../components/when-near.tsx';
import { type ComparisonPreset, comparisonOf, presetOf, type Range } from '../../lib/comparison-presets.ts';
import { useQueryNow } from '../../lib/query-now.ts';
import { usePhone } from '../../lib/screen.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { comparativeAnalysisQuery } from './api.ts';
import { type ComparativeColumn, signedMoney, signedPercent, useComparativeColumns } from './comparative-columns.tsx';
import { largestChanges, linesOf } from './comparative-rows.ts';
import { type ComparativeSearch, comparativeQueryOf, filtersOf, periodsOf, periodTooLong } from './comparative-search.ts';

/** The chart and recharts load after the report's figures and table (decision 0016). */
const ComparativeChart = lazy(() => import('./comparative-chart.tsx'));

const k = (key: string) => `resources.comparativeAnalysis.${key}`;
/** The chart's lines: the largest changes of all lines, up or down. */
const CHART_LINES = 10;
/** The names beside the bars: their width and how many letters fit, on a phone and wider. */
const NAMES = { narrow: { width: 118, letters: 14 }, wide: { width: 200, letters: 24 } } as const;

/**
 * `/comparative-analysis/{device,location,lessor}`: each subject's revenue in a period and in the one it
 * is compared with (this month to date and the same days a month earlier unless chosen), the change
 * and the change in percent, ranked, with totals, a chart of the largest changes and export.
 */
export function ComparativePage({ subject }: { subject: ComparativeSubject }) {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as ComparativeSearch;
  const navigate = useNavigate();
  const { accountInfo } = useSession();
  const view = viewOf(accountInfo);
  const wide = view === 'all';
  const queryClient = useQueryClient();

  const { range, compared } = periodsOf(search);
  const preset = presetOf(range, compared);
  const tooLong = { range: periodTooLong(range), compared: periodTooLong(compared) };
  const askable = range.to >= range.from && compared.to >= compared.from && !tooLong.range && !tooLong.compared;
  const query = comparativeQueryOf(subject, search, view);
  const report = useQueryNow({ ...comparativeAnalysisQuery(query, view), enabled: askable, placeholderData: keepPreviousData });
  // The chart's lines come from the whole report, not the page on screen: those that grew and shrank most.
  const chartQuery = (dir: 'asc' | 'desc') => {
    const { page: _page, itemsPerPage: _size, ...rest } = comparativeQueryOf(subject, { ...search, sort: undefined, dir: undefined }, view);
    return comparativeAnalysisQuery({ ...rest, 'order[changeCents]': dir, itemsPerPage: CHART_LINES }, view);
  };
  const grown = useQuery({ ...chartQuery('desc'), enabled: askable, placeholderData: keepPreviousData });
  const shrunk = useQuery({ ...chartQuery('asc'), enabled: askable, placeholderData: keepPreviousData });

  const columns = useComparativeColumns(subject, wide);
  const title = t(k(`title.${subject}`));
  const data = askable ? report.data : undefined;

  /** Every change stays in the URL (a reload or a shared link shows the same report); typing replaces the entry. */
  const setSearch = (patch: Partial<ComparativeSearch>) =>
    void navigate({ to: '.', search: (prev: ComparativeSearch) => ({ ...prev, ...patch }), replace: true });
  /** A filter or a period changed: back to the first page. */
  const set = (patch: Partial<ComparativeSearch>) => setSearch({ ...patch, page: undefined });
  /** The comparison as the URL keeps it: left out when it is the default, the same days a month earlier. */
  const comparedSearch = (next: Range, by: Range): Partial<ComparativeSearch> => {
    const p = presetOf(by, next);
    return p === 'previousMonth' ? { compareFrom: undefined, compareTo: undefined } : { compareFrom: next.from, compareTo: next.to };
  };
  /** A new period keeps the way it is compared (a month earlier, a year earlier, just before) unless the days were chosen. */
  const setRange = (patch: { from?: string; to?: string }) => {
    const next = periodsOf({ ...search, ...patch, compareFrom: undefined, compareTo: undefined }).range;
    const keep = preset === 'custom' ? {} : comparedSearch(comparisonOf(preset, next), next);
    set({ ...patch, ...keep });
  };
  const setPreset = (value: ComparisonPreset) => set(comparedSearch(comparisonOf(value, range), range));
  const setCompared = (patch: Partial<Range>) => set(comparedSearch({ ...compared, ...patch }, range));

  const orderBy = (field: ComparativeOrderField) => {
    const next: Pick<ComparativeSearch, 'sort' | 'dir'> =
      search.sort !== field ? { sort: field } : search.dir !== 'desc' ? { sort: field, dir: 'desc' } : { sort: undefined };
    setSearch({ sort: next.sort, dir: next.dir, page: undefined });
  };

  const totals = data?.totals;
  const changes = useMemo(
    () => (grown.data && shrunk.data ? largestChanges(grown.data.rows, shrunk.data.rows, CHART_LINES) : undefined),
    [grown.data, shrunk.data],
  );
  const none = t(k(`none.${subject}`));
  const names = usePhone() ? NAMES.narrow : NAMES.wide;
  const period = (r: Range) => `${formatDate(r.from)} – ${formatDate(r.to)}`;

  return (
    <>
      <PageHeader title={title} subtitle={t(k('subtitle'), { current: period(range), previous: period(compared) })} />
      <DemoHistoryNotice />
      <ReportFigures
        figures={[
          {
            label: t(k('fields.currentCents')),
            value: totals && formatMoney(totals.currentCents),
            icon: <IconCoins size={24} aria-hidden />,
          },
          {
            label: t(k('fields.previousCents')),
            value: totals && formatMoney(totals.previousCents),
            icon: <IconHistory size={24} aria-hidden />,
          },
          {
            label: t(k('fields.changeCents')),
            value: totals && signedMoney(totals.changeCents),
            icon: <IconArrowsDiff size={24} aria-hidden />,
          },
          {
            label: t(k('fields.changePercent')),
            value: totals && (totals.changePercent === null ? '–' : signedPercent(totals.changePercent)),
            icon: <IconPercentage size={24} aria-hidden />,
          },
        ]}
      />
      <PagedReportTable
        report={data}
        linesOf={linesOf}
        columns={columns}
        title={title}
        filePeriod={`${range.from}-${range.to}`}
        exportPeriod={t('dataTable.aboutComparedWith', {
          period: `${formatDate(range.from)} – ${formatDate(range.to)}`,
          compared: `${formatDate(compared.from)} – ${formatDate(compared.to)}`,
        })}
        exportFilters={() => reportPlaceScope(view, filtersOf(subject), search, t)}
        storageId={`comparative-analysis-${subject}${wide ? '-all' : ''}`}
        status={report}
        paging={search}
        onPaging={setSearch}
        fetchPage={(page, itemsPerPage) =>
          queryClient.fetchQuery({ ...comparativeAnalysisQuery({ ...query, page, itemsPerPage }, view), staleTime: 0, gcTime: 0 })
        }
        header={(column: ComparativeColumn, label) => {
          const field = column.sortField as ComparativeOrderField | undefined;
          return (
            <SortHeader
              label={label}
              align={column.align}
              direction={field && search.sort === field ? (search.dir ?? 'asc') : null}
              onSort={field ? () => orderBy(field) : undefined}
            />
          );
        }}
        filters={
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
            <DayRangeInputs
              from={range.from}
              to={range.to}
              onChange={setRange}
              error={tooLong.range ? t(k('tooLong'), { days: FINANCE_MAX_DAYS }) : undefined}
            />
            <DayInput
              label={t(k('compareFrom'))}
              clearButtonProps={{ 'aria-label': t('resources.revenue.clearDay', { label: t(k('compareFrom')) }) }}
              value={compared.from}
              maxDate={compared.to}
              onChange={(value) => setCompared({ from: value || undefined })}
            />
            <DayInput
              label={t(k('compareTo'))}
              clearButtonProps={{ 'aria-label': t('resources.revenue.clearDay', { label: t(k('compareTo')) }) }}
              value={compared.to}
              error={
                compared.to < compared.from
                  ? t('resources.revenue.endBeforeStart')
                  : tooLong.compared
                    ? t(k('tooLong'), { days: FINANCE_MAX_DAYS })
                    : undefined
              }
              onChange={(value) => setCompared({ to: value || undefined })}
            />
            <ComparisonPresetSelect value={preset} onChange={setPreset} />
            <ReportPlaceFilters view={view} filters={filtersOf(subject)} value={search} onChange={set} />
          </SimpleGrid>
        }
      />
      <Portlet title={t(k('chart.title'))}>
        <Text size="sm" c="dimmed" mb="sm">
          {t(k('chart.caption'))}
        </Text>
        {!askable ? null : changes === undefined ? (
          <Skeleton height={200} />
        ) : changes.length === 0 ? (
          <Text size="sm">{t(k('chart.empty'))}</Text>
        ) : (
          <>
            {/* The bars repeat this list for the eye; assistive technology reads the list. */}
            <VisuallyHidden component="ol">
              {changes.map((line) => (
                <li key={line.key}>
                  {line.name ?? none}
                  {wide ? ` (${line.companyName})` : ''}: {signedMoney(line.changeCents)}
                </li>
              ))}
            </VisuallyHidden>
            {/* Below the table: on a phone it renders when scrolled near, not while the page loads (decision 0016). */}
            <div aria-hidden>
              <WhenNear height={changes.length * 30 + 48}>
                <Suspense fallback={<Skeleton height={changes.length * 30 + 48} />}>
                  <ComparativeChart
                    label={t(k('chart.series'))}
                    nameWidth={names.width}
                    data={changes.map((line) => {
                      const name = `${line.name ?? none}${wide ? ` (${line.companyName})` : ''}`;
                      const tick = name.length > names.letters ? `${name.slice(0, names.letters - 1)}…` : name;
                      return { tick, name, change: line.changeCents };
                    })}
                  />
                </Suspense>
              </WhenNear>
            </div>
          </>
        )}
      </Portlet>
    </>
  );
}
