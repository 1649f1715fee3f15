import { type DashboardDay, type DashboardFigures, formatDate, formatDecimal, formatMoney, formatPercent } from '@kovanica/contract';
import { Grid, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { type ComponentType, lazy, memo, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { WhenNear } from '../../components/when-near.tsx';
import { useMinWidth } from '../../lib/screen.ts';
import { errorShare, forecastPoints, forecastTotal, summarizeTraffic, trafficPoints } from './dashboard-figures.ts';
import classes from './dashboard-page.module.css';

// The charts and recharts are one chunk, asked for when the first chart renders (decision 0016), or
// on a wide screen once the page is idle. Once it is in, every chart renders at once: a print renders
// those not yet scrolled near in its `beforeprint` (WhenNear), with no time to wait for anything.
type Charts = typeof import('./dashboard-charts.tsx');
let loaded: Charts | null = null;
const charts = () =>
  import('./dashboard-charts.tsx').then((m) => {
    loaded = m;
    return m;
  });
/** A chart of the chunk: the loaded module's own once it is in, `lazy` (suspending) until then. */
function chart<P extends object>(pick: (m: Charts) => ComponentType<P>): ComponentType<P> {
  const Lazy = lazy(() => charts().then((m) => ({ default: pick(m) })));
  return (props: P) => {
    const Loaded = loaded && pick(loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
}
const TrafficBars = chart((m) => m.TrafficBars);
const TrafficArea = chart((m) => m.TrafficArea);
const ForecastChart = chart((m) => m.ForecastChart);

/** On a wide screen, the charts' chunk once the page is idle (loaded, not rendered): ready for a print. */
export function usePreloadCharts(wanted: boolean) {
  const wide = useMinWidth('md');
  useEffect(() => {
    if (!wanted || !wide || loaded) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(() => void charts(), { timeout: 5000 });
    return () => cancel(id);
  }, [wanted, wide]);
}

const CHART_HEIGHT = 240;
const k = (key: string) => `dashboardFigures.${key}`;

/** The chart's place while its chunk or the figures load: the same height, so nothing below moves. */
const ChartSkeleton = () => <Skeleton height={CHART_HEIGHT} radius="sm" />;

/**
 * Revenue per day over the last 30 or 365 whole days (today's unfinished day is in the daily index): a
 * sentence with the total, the daily average and the best day (what a screen reader reads, and what
 * the chart alone would not say), the days it covers, then the chart.
 */
export const TrafficPanel = memo(function TrafficPanel({
  days,
  kind,
}: {
  days: readonly DashboardDay[] | undefined;
  kind: 'bars' | 'area';
}) {
  const { t } = useTranslation();
  const points = useMemo(() => days && trafficPoints(days), [days]);
  const summary = useMemo(() => days && summarizeTraffic(days), [days]);
  const Chart = kind === 'bars' ? TrafficBars : TrafficArea;
  return (
    <Stack gap="sm">
      {summary ? (
        <Text size="sm" data-testid={`traffic-summary-${kind}`}>
          {summary.totalCents === 0
            ? t(k('traffic.none'))
            : t(k('traffic.summary'), { total: formatMoney(summary.totalCents), average: formatMoney(summary.averageCents) })}
          {summary.best &&
            ` · ${t(k('traffic.best'), { date: formatDate(summary.best.day), amount: formatMoney(summary.best.revenueCents) })}`}
        </Text>
      ) : (
        <Skeleton height={18} width="60%" />
      )}
      {days && days.length > 0 && (
        <Text size="xs" c="dimmed">
          {t(k('traffic.span'), { from: formatDate(days[0]?.day ?? ''), to: formatDate(days.at(-1)?.day ?? '') })}
        </Text>
      )}
      {/* The chart repeats the sentence above for the eye; assistive technology reads the sentence. */}
      <div aria-hidden className={classes.chart}>
        {points ? (
          <WhenNear height={CHART_HEIGHT}>
            <Suspense fallback={<ChartSkeleton />}>
              <Chart data={points} label={t(k('traffic.series'))} height={CHART_HEIGHT} />
            </Suspense>
          </WhenNear>
        ) : (
          <ChartSkeleton />
        )}
      </div>
    </Stack>
  );
});

type Forecast = DashboardFigures['forecast'];

/** The model's backtest error beside the naive forecasts', and what it means in one sentence. */
function Backtest({ backtest }: { backtest: Forecast['backtest'] }) {
  const { t } = useTranslation();
  if (backtest === null) return <Text size="sm">{t(k('forecast.noBacktest'))}</Text>;
  const share = errorShare(backtest);
  const mase = (value: number) => formatDecimal(value, 2);
  return (
    <Stack gap="xs" data-testid="forecast-backtest">
      <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0} className={classes.backtest}>
        <caption className={classes.caption}>{t(k('forecast.backtest'))}</caption>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t(k('forecast.model'))}</Table.Th>
            <Table.Td ta="right" fw={700}>
              {mase(backtest.model)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              {t(k('forecast.seasonalNaive'))}
            </Table.Th>
            <Table.Td ta="right">{mase(backtest.seasonalNaive)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              {t(k('forecast.naive'))}
            </Table.Th>
            <Table.Td ta="right">{mase(backtest.naive)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm">{t(k('forecast.explain'), { origins: backtest.origins, horizon: backtest.horizon })}</Text>
      {share !== null && (
        <Text size="sm" fw={600}>
          {t(k('forecast.share'), { share: formatPercent(share) })}
        </Text>
      )}
    </Stack>
  );
}

/** The next 30 days' expected revenue with its interval, and beside it how well the model did in the past. */
export const ForecastPanel = memo(function ForecastPanel({ forecast }: { forecast: Forecast | undefined }) {
  const { t } = useTranslation();
  const points = useMemo(() => forecast && forecastPoints(forecast.points), [forecast]);
  const total = forecast && forecastTotal(forecast.points);
  if (forecast && forecast.points.length === 0) return <Text size="sm">{t(k('forecast.notEnough'))}</Text>;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="sm">
          {total !== undefined ? (
            <Text size="sm" data-testid="forecast-total">
              {t(k('forecast.total'), { total: formatMoney(total) })}
            </Text>
          ) : (
            <Skeleton height={18} width="60%" />
          )}
          <div aria-hidden className={classes.chart}>
            {points ? (
              <WhenNear height={CHART_HEIGHT}>
                <Suspense fallback={<ChartSkeleton />}>
                  <ForecastChart
                    data={points}
                    labels={{ expected: t(k('forecast.expected')), interval: t(k('forecast.interval')) }}
                    height={CHART_HEIGHT}
                  />
                </Suspense>
              </WhenNear>
            ) : (
              <ChartSkeleton />
            )}
            {/* The legend in the page's flow, so it wraps on a phone instead of running into the text below. */}
            <Group gap="lg" justify="center" mt="xs" className={classes.legend}>
              <span>
                <span className={classes.swatch} data-series="expected" /> {t(k('forecast.expected'))}
              </span>
              <span>
                <span className={classes.swatch} data-series="interval" /> {t(k('forecast.interval'))}
              </span>
            </Group>
          </div>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>{forecast ? <Backtest backtest={forecast.backtest} /> : <Skeleton height={160} />}</Grid.Col>
    </Grid>
  );
});
