import {
  type FinancePeriod,
  type FinancePeriodTotals,
  type FinanceSubject,
  financePeriods,
  formatDate,
  MACHINE_VAT_PERCENT,
  validationMessage,
} from '@kovanica/contract';
import { Paper, Select, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangeInputs } from '../../components/day-range-inputs.tsx';
import { DemoHistoryNotice } from '../../components/demo-history-notice.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { type ReportFigure, ReportFigures } from '../../components/report-figures.tsx';
import { ReportPlaceFilters, reportPlaceScope } from '../../components/report-place-filters.tsx';
import { PagedReportTable } from '../../components/report-table/index.ts';
import { WhenNear } from '../../components/when-near.tsx';
import { useAccess } from '../../lib/access.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useQueryNow } from '../../lib/query-now.ts';
import { usePhone } from '../../lib/screen.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { financeReportQuery } from './api.ts';
import { ExportMenu, ExportProgressPanel } from './export-menu.tsx';
import classes from './finance.module.css';
import type { ChartPeriod, ChartSeries } from './finance-chart.tsx';
import { type FinanceColumn, type FinanceTotals, financeLinesOf } from './finance-columns.tsx';
import { periodLabel, periodTick } from './finance-periods.ts';
import {
  DEFAULT_FINANCE_PERIOD,
  type FinanceSearch,
  financeFilters,
  financeFrame,
  financeQueryOf,
  financeRangeError,
} from './finance-search.ts';

// recharts is the heaviest part of the page: it loads beside the report's answer, not before the page shows.
const FinanceChart = lazy(() => import('./finance-chart.tsx'));

/** A chart's bars: which figures of each period, how they stand (stacked parts of a whole or side by side), its caption. */
export interface FinanceChartSpec {
  caption: string;
  series: readonly (ChartSeries & { value: (period: FinancePeriodTotals) => number })[];
  stacked?: boolean;
}

export interface FinanceReportViewProps {
  subject: FinanceSubject;
  /** The page's h1, already translated. */
  title: string;
  search: FinanceSearch;
  onSearch: (patch: Partial<FinanceSearch>) => void;
  /** The range when the URL names none. */
  defaultRange: { from: string; to: string };
  /** A period the report always has (EBITDA: months); otherwise the user picks it. */
  period?: FinancePeriod;
  columns: readonly FinanceColumn[];
  /** The headline figures of the totals (undefined while the answer loads). */
  figures: (totals: FinanceTotals | undefined) => ReportFigure[];
  chart: FinanceChartSpec;
  /** Before the range in the export's file name, e.g. `finance-report-device`; also keeps the column choice. */
  name: string;
  /** Under the table's toolbar: how the figures are made. */
  note?: ReactNode;
}

/**
 * A finance report's page (finance, token and EBITDA reports alike): the range, period and filters in
 * the URL, the headline figures, the chart of every period and the paged lines with their totals.
 */
export function FinanceReportView(props: FinanceReportViewProps) {
  const { subject, title, search, onSearch, defaultRange, columns, figures, chart, name, note } = props;
  const { t } = useTranslation();
  const { mayUse } = useAccess();
  const { accountInfo } = useSession();
  const view = viewOf(accountInfo);
  const queryClient = useQueryClient();
  const { from, to, period } = financeFrame(search, defaultRange, props.period);
  const rangeError = financeRangeError(from, to, period);
  const valid = from <= to && rangeError === null;
  const query = financeQueryOf(subject, search, defaultRange, view, props.period);
  const report = useQueryNow({ ...financeReportQuery(query, view), enabled: valid, placeholderData: keepPreviousData });
  // A range the API would refuse is not asked for: the inputs say why, the report shows nothing.
  const answer = valid ? report.data : null;
  const tooLong = (field: 'to' | 'period') =>
    rangeError?.field === field ? validationMessage(currentLanguage(), 'range_too_long', { max: rangeError.max }) : undefined;

  // On a phone the chart follows the lines and is drawn as it comes near: the report is the lines and
  // their figures, and recharts' render was the page's longest task while it loaded (decision 0016).
  const phone = usePhone();
  const chartCard = <ChartCard spec={chart} periods={answer === null ? null : answer?.periods} period={period} phone={phone} />;

  /** A filter, the range or the period changed: back to the first page. */
  const set = (patch: Partial<FinanceSearch>) => onSearch({ ...patch, page: undefined });

  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('resources.finance.subtitle', {
          from: formatDate(from),
          to: formatDate(to),
          period: t(`resources.finance.periods.${period}`),
        })}
        actions={valid && mayUse('exports', 'create') && <ExportMenu query={query} />}
      />
      <DemoHistoryNotice />
      <ExportProgressPanel />
      {/* Two to a row on a phone: a year's sums of a fleet do not fit a third of it. */}
      <ReportFigures
        figures={figures(answer?.totals).map((figure) => (answer === null ? { ...figure, value: '–' } : figure))}
        phoneColumns={2}
      />
      {!phone && chartCard}
      <PagedReportTable
        report={answer}
        linesOf={financeLinesOf}
        columns={columns}
        title={title}
        filePeriod={`${from}-${to}`}
        exportFilters={() => reportPlaceScope(view, financeFilters[subject], search, t)}
        storageId={name}
        status={report}
        paging={search}
        onPaging={onSearch}
        fetchPage={(page, itemsPerPage) =>
          queryClient.fetchQuery({ ...financeReportQuery({ ...query, page, itemsPerPage }, view), staleTime: 0, gcTime: 0 })
        }
        toolbar={
          <Text size="sm" c="dimmed">
            {note ?? t('resources.finance.note', { rate: MACHINE_VAT_PERCENT })}
          </Text>
        }
        filters={
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
            <DayRangeInputs from={from} to={to} onChange={set} error={tooLong('to')} />
            {props.period === undefined && (
              <Select
                label={t('resources.finance.period')}
                data={financePeriods.map((p) => ({ value: p, label: t(`resources.finance.periods.${p}`) }))}
                value={period}
                allowDeselect={false}
                error={tooLong('period')}
                onChange={(value) => {
                  const next = financePeriods.find((p) => p === value);
                  set({ period: next === DEFAULT_FINANCE_PERIOD ? undefined : next });
                }}
              />
            )}
            <ReportPlaceFilters view={view} filters={financeFilters[subject]} value={search} onChange={set} />
          </SimpleGrid>
        }
      />
      {phone && chartCard}
    </>
  );
}

interface ChartCardProps {
  spec: FinanceChartSpec;
  /** Every period's totals; undefined while the answer loads, null for a range the report refuses. */
  periods: readonly FinancePeriodTotals[] | null | undefined;
  period: FinancePeriod;
  /** A phone's chart: lower, below the table, drawn when it comes near the screen. */
  phone: boolean;
}

/** The chart in its card, a figure captioned by what it shows; its place is kept while it loads, so nothing shifts. */
function ChartCard({ spec, periods, period, phone }: ChartCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const height = phone ? 220 : 280;
  const data = useMemo(
    () =>
      periods?.map(
        (p): ChartPeriod => ({
          tick: periodTick(period, p.periodStart, language),
          title: periodLabel(period, p.periodStart, p.periodEnd, language),
          ...Object.fromEntries(spec.series.map((s) => [s.name, s.value(p)])),
        }),
      ),
    [periods, period, language, spec],
  );
  const placeholder = <Skeleton height={height} radius="sm" />;
  const bars = data && (
    <Suspense fallback={placeholder}>
      <FinanceChart data={data} series={spec.series} stacked={spec.stacked} height={height} />
    </Suspense>
  );
  return (
    <Paper component="figure" withBorder shadow="xs" radius="md" className={classes.chartCard} mod={{ below: phone }}>
      <figcaption>
        <Title order={2} size="h5" className={classes.caption}>
          {spec.caption}
        </Title>
      </figcaption>
      {periods === null ? (
        <Text c="dimmed" py="xl" ta="center">
          {t('resources.finance.fixRange')}
        </Text>
      ) : bars ? (
        phone ? (
          <WhenNear height={height}>{bars}</WhenNear>
        ) : (
          bars
        )
      ) : (
        placeholder
      )}
    </Paper>
  );
}
