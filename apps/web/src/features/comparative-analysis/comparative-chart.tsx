import { formatCount, formatMoney } from '@kovanica/contract';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';
import { axisOf } from './comparative-rows.ts';

/** A bar of the chart: the line's name (shortened for the axis), its full name and its change in cents. */
export interface ChangeBar {
  tick: string;
  name: string;
  change: number;
}

export interface ComparativeChartProps {
  data: readonly ChangeBar[];
  /** The series' name in the tooltip, already translated. */
  label: string;
  /** The names' column: narrower on a phone, so the bars keep room. */
  nameWidth: number;
}

const BAR_HEIGHT = 30;
/** Whole euros on the axis, with the sign (`-1.200 €`): cents there only crowd it; the tooltip has them. */
const euros = (cents: number) => `${formatCount(Math.round(cents / 100))} €`;

/**
 * The largest changes as horizontal bars, growth to the right, decline to the left (Mantine charts on
 * recharts). Its own chunk, loaded when there are changes to draw, so the report does not wait for it.
 */
export default function ComparativeChart({ data, label, nameWidth }: ComparativeChartProps) {
  // Bars start at zero: a decline to the left of it, growth to the right.
  const axis = axisOf(data.map((d) => d.change));
  return (
    <BarChart
      h={data.length * BAR_HEIGHT + 48}
      data={[...data]}
      dataKey="tick"
      orientation="vertical"
      series={[{ name: 'change', label, color: 'teal.7' }]}
      getBarColor={(value) => (value < 0 ? 'red.7' : 'teal.7')}
      valueFormatter={formatMoney}
      xAxisProps={{ tickFormatter: euros, domain: axis.domain, ticks: axis.ticks, interval: 0 }}
      yAxisProps={{ width: nameWidth }}
      referenceLines={[{ x: 0, color: 'gray.6' }]}
      tooltipProps={{ labelFormatter: (_tick: unknown, payload: readonly { payload?: ChangeBar }[]) => payload[0]?.payload?.name ?? '' }}
      // Mantine's default "dimmed" axis text is too pale for WCAG AA contrast.
      // The chart sits in an aria-hidden box beside its text: no focus stops of its own.
      accessibilityLayer={false}
      textColor="gray.7"
      maxBarWidth={22}
      gridAxis="x"
    />
  );
}
