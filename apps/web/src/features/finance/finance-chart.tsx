import { formatCount, formatMoney } from '@kovanica/contract';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';

/** One bar series of a finance chart: a figure of each period, in cents. */
export interface ChartSeries {
  name: string;
  /** The legend's and tooltip's text, already translated. */
  label: string;
  color: string;
}

/** A period of the chart: its axis mark, its full name (the tooltip's) and one value per series. */
export type ChartPeriod = { tick: string; title: string } & Record<string, number | string>;

export interface FinanceChartProps {
  data: readonly ChartPeriod[];
  series: readonly ChartSeries[];
  /** Parts of one whole stacked in one bar (share, rent and VAT make the gross), else side by side. */
  stacked?: boolean;
  height: number;
}

/** Whole euros on the axis (`12.345 €`): cents there only crowd it; the tooltip has them. */
const euros = (cents: number) => `${formatCount(cents / 100)} €`;

/**
 * The bars of a finance report per period (Mantine charts on recharts). Its own chunk, loaded when
 * the report has an answer to draw, so the report's first paint does not wait for recharts.
 */
export default function FinanceChart({ data, series, stacked = false, height }: FinanceChartProps) {
  return (
    <BarChart
      h={height}
      data={[...data]}
      dataKey="tick"
      series={series.map((s) => ({ ...s }))}
      type={stacked ? 'stacked' : 'default'}
      // A negative part (rent over net revenue, an EBITDA loss) goes below the axis rather than into the stack.
      barChartProps={stacked ? { stackOffset: 'sign' } : undefined}
      withLegend
      // In the series' order (share, rent, VAT: as they stack), not recharts' alphabetical one.
      legendProps={{ verticalAlign: 'bottom', height: 40, itemSorter: (item) => series.findIndex((s) => s.name === item.dataKey) }}
      valueFormatter={formatMoney}
      yAxisProps={{ tickFormatter: euros, width: 88 }}
      tooltipProps={{ labelFormatter: (_tick: unknown, payload: readonly { payload?: ChartPeriod }[]) => payload[0]?.payload?.title ?? '' }}
      // Mantine's default "dimmed" axis text is too pale for WCAG AA contrast.
      textColor="gray.7"
      maxBarWidth={48}
      barProps={{ isAnimationActive: false }}
    />
  );
}
