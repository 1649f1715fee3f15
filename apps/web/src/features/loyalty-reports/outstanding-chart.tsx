import { formatCount, formatMoney } from '@kovanica/contract';
import { AreaChart } from '@mantine/charts';
import { useReducedMotion } from '@mantine/hooks';
import '@mantine/charts/styles.layer.css';

/** A period of the chart: its axis mark, its full name (the tooltip's) and the two balances in cents. */
export interface OutstandingPoint {
  tick: string;
  title: string;
  paid: number;
  bonus: number;
}

interface OutstandingChartProps {
  data: readonly OutstandingPoint[];
  /** The legend's and tooltip's texts, already translated. */
  labels: { paid: string; bonus: string };
  height: number;
}

const euros = (cents: number) => `${formatCount(cents / 100)} €`;

/**
 * The outstanding balance at the end of each period (Mantine charts on recharts): the paid credit
 * owed to the card holders and, beside it, the bonus. Its own chunk, loaded with the report's answer.
 */
export default function OutstandingChart({ data, labels, height }: OutstandingChartProps) {
  const still = useReducedMotion();
  return (
    <AreaChart
      h={height}
      data={[...data]}
      dataKey="tick"
      series={[
        { name: 'paid', label: labels.paid, color: 'teal.7' },
        { name: 'bonus', label: labels.bonus, color: 'violet.6' },
      ]}
      curveType="linear"
      withLegend
      // Paid credit first, as the table has it (recharts sorts by name otherwise).
      legendProps={{ verticalAlign: 'bottom', height: 40, itemSorter: (item) => (item.dataKey === 'paid' ? 0 : 1) }}
      valueFormatter={formatMoney}
      yAxisProps={{ tickFormatter: euros, width: 88 }}
      tooltipProps={{
        labelFormatter: (_tick: unknown, payload: readonly { payload?: OutstandingPoint }[]) => payload[0]?.payload?.title ?? '',
      }}
      textColor="gray.7"
      withDots={data.length <= 31}
      areaProps={{ isAnimationActive: !still }}
    />
  );
}
