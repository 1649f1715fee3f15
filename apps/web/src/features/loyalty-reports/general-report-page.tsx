import { formatDate, formatMoney, type LoyaltyGeneralPeriod, type LoyaltyGeneralReport, loyaltyReportPeriods } from '@kovanica/contract';
import { Paper, Select, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { IconCash, IconCreditCard, IconGift, IconPigMoney } from '@tabler/icons-react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoHistoryNotice } from '../../components/demo-history-notice.tsx';
import { loyaltyCardScope } from '../../components/loyalty-card-filters.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReportFigures } from '../../components/report-figures.tsx';
import { reportPlaceScope } from '../../components/report-place-filters.tsx';
import { countColumn, moneyColumn, PagedReportTable, type TotalsColumn } from '../../components/report-table/index.ts';
import { monthToDate } from '../../lib/day.ts';
import { useQueryNow } from '../../lib/query-now.ts';
import { useReportSearch } from '../../lib/report-search.ts';
import { usePhone } from '../../lib/screen.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { generalReportQuery } from './api.ts';
import { f, flowColumns, k, LoyaltyFilters, periodLabel, periodTick, rangeMessage } from './loyalty-report-parts.tsx';
import classes from './loyalty-reports.module.css';
import type { OutstandingPoint } from './outstanding-chart.tsx';
import { DEFAULT_LOYALTY_PERIOD, type LoyaltySearch, loyaltyQueryOf, loyaltyRangeError, loyaltySearch } from './search.ts';

const OutstandingChart = lazy(() => import('./outstanding-chart.tsx'));

type Totals = LoyaltyGeneralReport['totals'];
interface Line extends LoyaltyGeneralPeriod {
  key: string;
}
type Column = TotalsColumn<Line, Totals>;
/** The report as a paged table's answer: every period on one page. */
type Answer = { '@id': string; rows: LoyaltyGeneralPeriod[]; totalItems: number; page: number; itemsPerPage: number; totals: Totals };
const asAnswer = (report: LoyaltyGeneralReport): Answer => ({
  '@id': report['@id'],
  rows: report.periods,
  totalItems: report.periods.length,
  page: 1,
  itemsPerPage: Math.max(report.periods.length, 1),
  totals: report.totals,
});
const linesOf = (rows: readonly LoyaltyGeneralPeriod[]): Line[] => rows.map((r) => ({ ...r, key: r.periodStart }));

/**
 * `/loyalty/general-report`: per day, week or month the cards issued and active, top-ups, bonuses,
 * spends and corrections, and the outstanding balance (the paid credit owed to the card holders, the
 * bonus beside it) at each period's end, with its chart over the range.
 */
export function LoyaltyGeneralReportPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [search, setSearch] = useReportSearch(loyaltySearch);
  const view = viewOf(useSession().accountInfo);
  const queryClient = useQueryClient();
  const range = monthToDate();
  const period = search.period ?? DEFAULT_LOYALTY_PERIOD;
  const base = loyaltyQueryOf(search, range, view);
  const { from, to } = base;
  const rangeError = loyaltyRangeError(from, to, period);
  const valid = from <= to && rangeError === null;
  const query = { ...base, ...(period !== DEFAULT_LOYALTY_PERIOD && { period }) };
  const report = useQueryNow({ ...generalReportQuery(query, view), enabled: valid, placeholderData: keepPreviousData });
  const answer = valid ? report.data : null;
  const set = (patch: Partial<LoyaltySearch>) => setSearch({ ...patch, page: undefined });

  const columns = useMemo<Column[]>(() => {
    const label = (l: Line) => periodLabel(period, l.periodStart, l.periodEnd, language);
    return [
      { key: 'period', label: f('period'), rowHeader: true, render: label, exportValue: label },
      countColumn('cardsIssued', f('cardsIssued')),
      countColumn('cardsActive', f('cardsActive')),
      ...flowColumns<Line, Totals>(),
      moneyColumn('outstandingPaidCents', f('outstandingPaidCents'), { strong: true }),
      moneyColumn('outstandingBonusCents', f('outstandingBonusCents')),
    ] as Column[];
  }, [period, language]);

  const totals = answer?.totals;
  const money = (cents: number | undefined) => (answer === null ? '–' : cents === undefined ? undefined : formatMoney(cents));
  return (
    <>
      <PageHeader
        title={t(k('general.title'))}
        subtitle={t('resources.finance.subtitle', {
          from: formatDate(from),
          to: formatDate(to),
          period: t(`resources.finance.periods.${period}`),
        })}
      />
      <DemoHistoryNotice />
      <ReportFigures
        phoneColumns={2}
        figures={[
          { label: t(f('outstandingPaidCents')), value: money(totals?.outstandingPaidCents), icon: <IconPigMoney size={24} aria-hidden /> },
          { label: t(f('outstandingBonusCents')), value: money(totals?.outstandingBonusCents), icon: <IconGift size={24} aria-hidden /> },
          { label: t(f('topUpPaidCents')), value: money(totals?.topUpPaidCents), icon: <IconCash size={24} aria-hidden /> },
          {
            label: t(f('spendsCents')),
            value: money(totals && totals.spendPaidCents + totals.spendBonusCents),
            icon: <IconCreditCard size={24} aria-hidden />,
          },
        ]}
      />
      <ChartCard periods={answer === null ? null : answer?.periods} period={period} />
      <PagedReportTable
        report={answer && asAnswer(answer)}
        linesOf={linesOf}
        columns={columns}
        title={t(k('general.title'))}
        filePeriod={`${from}-${to}`}
        exportFilters={async () => [...(await reportPlaceScope(view, [], search, t)), ...(await loyaltyCardScope(search, t))]}
        storageId="loyalty-general-report"
        status={report}
        paging={{}}
        onPaging={() => {}}
        fetchPage={async () => asAnswer(await queryClient.fetchQuery({ ...generalReportQuery(query, view), staleTime: 0, gcTime: 0 }))}
        toolbar={
          <Text size="sm" c="dimmed">
            {totals
              ? t(k('general.note'), {
                  from: formatDate(from),
                  paid: formatMoney(totals.openingPaidCents),
                  bonus: formatMoney(totals.openingBonusCents),
                })
              : t(k('general.noteShort'))}
          </Text>
        }
        filters={
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
            <LoyaltyFilters
              view={view}
              from={from}
              to={to}
              search={search}
              onChange={set}
              rangeError={rangeError?.field === 'to' ? rangeMessage(rangeError.max) : undefined}
            />
            <Select
              label={t('resources.finance.period')}
              data={loyaltyReportPeriods.map((p) => ({ value: p, label: t(`resources.finance.periods.${p}`) }))}
              value={period}
              allowDeselect={false}
              error={rangeError?.field === 'period' ? rangeMessage(rangeError.max) : undefined}
              onChange={(value) => {
                const next = loyaltyReportPeriods.find((p) => p === value);
                set({ period: next === DEFAULT_LOYALTY_PERIOD ? undefined : next });
              }}
            />
          </SimpleGrid>
        }
      />
    </>
  );
}

/** The outstanding balance at each period's end, in its card; its place kept while it loads. */
function ChartCard({ periods, period }: { periods: readonly LoyaltyGeneralPeriod[] | null | undefined; period: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const phone = usePhone();
  const height = phone ? 220 : 280;
  const data = useMemo(
    () =>
      periods?.map(
        (p): OutstandingPoint => ({
          tick: periodTick(period, p.periodStart, language),
          title: periodLabel(period, p.periodStart, p.periodEnd, language),
          paid: p.outstandingPaidCents,
          bonus: p.outstandingBonusCents,
        }),
      ),
    [periods, period, language],
  );
  const placeholder = <Skeleton height={height} radius="sm" />;
  return (
    <Paper component="figure" withBorder shadow="xs" radius="md" className={classes.chartCard}>
      <figcaption>
        <Title order={2} size="h5" className={classes.caption}>
          {t(k('general.chart'))}
        </Title>
      </figcaption>
      {periods === null ? (
        <Text c="dimmed" py="xl" ta="center">
          {t('resources.finance.fixRange')}
        </Text>
      ) : data ? (
        <Suspense fallback={placeholder}>
          <OutstandingChart data={data} labels={{ paid: t(k('general.chartPaid')), bonus: t(k('general.chartBonus')) }} height={height} />
        </Suspense>
      ) : (
        placeholder
      )}
    </Paper>
  );
}
