import { formatCount, formatDate, formatMoney } from '@kovanica/contract';
import { AreaChart, BarChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';
import type { ForecastPoint, TrafficPoint } from './dashboard-figures.ts';

/**
 * The dashboard's charts (Mantine charts on recharts): a chunk of their own, loaded after the page's
 * figures are on screen, so the first paint and the figures never wait for recharts.
 * They draw at once, without recharts' entry animation: it renders the chart again on every frame
 * for up to 1.5 s, three charts at once on this page, which on a phone's CPU is long tasks that
 * block the page (decision 0016).
 */

/** Whole euros on the axis (`12.345 €`): cents there only crowd it; the tooltip has them. */
const euros = (cents: number) => `${formatCount(Math.round(cents / 100))} €`;

/** The tooltip's title: the point's full date rather than its axis mark. */
const fullDate = (_tick: unknown, payload: readonly { payload?: { day?: string } }[]) => {
  const day = payload[0]?.payload?.day;
  return day ? formatDate(day) : '';
};

// Mantine's default "dimmed" axis text is too pale for WCAG AA contrast.
const TEXT = 'gray.7';

export interface TrafficChartProps {
  data: readonly TrafficPoint[];
  /** The series' name in the tooltip, already translated. */
  label: string;
  height: number;
}

/** Revenue per day as bars: the last 30 days. */
export function TrafficBars({ data, label, height }: TrafficChartProps) {
  return (
    <BarChart
      h={height}
      data={[...data]}
      dataKey="tick"
      series={[{ name: 'revenue', label, color: 'indigo.7' }]}
      valueFormatter={formatMoney}
      yAxisProps={{ tickFormatter: euros, width: 80 }}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
      tooltipProps={{ labelFormatter: fullDate }}
      // The chart sits in an aria-hidden box beside its text: no focus stops of its own.
      accessibilityLayer={false}
      textColor={TEXT}
      maxBarWidth={28}
      barProps={{ isAnimationActive: false }}
    />
  );
}

/** Revenue per day as an area: the last 365 days, where a year's season shows. */
export function TrafficArea({ data, label, height }: TrafficChartProps) {
  return (
    <AreaChart
      h={height}
      data={[...data]}
      dataKey="tick"
      series={[{ name: 'revenue', label, color: 'indigo.7' }]}
      curveType="linear"
      withDots={false}
      strokeWidth={1.5}
      areaProps={{ isAnimationActive: false }}
      valueFormatter={formatMoney}
      yAxisProps={{ tickFormatter: euros, width: 80 }}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
      tooltipProps={{ labelFormatter: fullDate }}
      // The chart sits in an aria-hidden box beside its text: no focus stops of its own.
      accessibilityLayer={false}
      textColor={TEXT}
    />
  );
}

/** The forecast's colours; the page draws its legend under the chart in the same (dashboard-page.module.css). */
const FORECAST_COLOURS = { interval: 'indigo.3', expected: 'indigo.8' } as const;

export interface ForecastChartProps {
  data: readonly ForecastPoint[];
  /** The expected value's and the interval's names in the tooltip, already translated. */
  labels: { expected: string; interval: string };
  height: number;
}

/** `1.234,56 €`, or `1.000,00 € – 1.500,00 €` for the interval (recharts hands a range area its two ends). */
const moneyOrRange = (value: number | readonly number[]) =>
  Array.isArray(value) ? `${formatMoney(value[0] ?? 0)} – ${formatMoney(value[1] ?? 0)}` : formatMoney(value as number);

/** The next 30 days: the expected revenue per day as a line over its interval (low–high) as a band. */
export function ForecastChart({ data, labels, height }: ForecastChartProps) {
  return (
    <AreaChart
      h={height}
      data={[...data]}
      dataKey="tick"
      series={[
        { name: 'interval', label: labels.interval, color: FORECAST_COLOURS.interval },
        { name: 'expected', label: labels.expected, color: FORECAST_COLOURS.expected },
      ]}
      curveType="monotone"
      withDots={false}
      withGradient={false}
      fillOpacity={0.55}
      // The band is filled, the expected value is a line over it.
      areaProps={(series) =>
        series.name === 'interval'
          ? { strokeWidth: 0, isAnimationActive: false }
          : { fillOpacity: 0, strokeWidth: 2, isAnimationActive: false }
      }
      valueFormatter={moneyOrRange as (value: number) => string}
      yAxisProps={{ tickFormatter: euros, width: 80 }}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
      tooltipProps={{ labelFormatter: fullDate }}
      // The chart sits in an aria-hidden box beside its text: no focus stops of its own.
      accessibilityLayer={false}
      textColor={TEXT}
    />
  );
}
