import { type FinancePeriod, formatDate, monthEnd, weekStart } from '@kovanica/contract';
import { monthName } from '../../lib/day.ts';

/**
 * How a report line's period reads: a day `14.05.2026`, a week or a partial month/year as its days
 * (`04.05.2026 – 10.05.2026`, the period is clamped to the range), a whole month as its name in the
 * user's language (`May 2026`, `svibanj 2026.`), a whole year as `2026`.
 */
export function periodLabel(period: FinancePeriod, start: string, end: string, language: string): string {
  const days = start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`;
  if (period === 'day') return formatDate(start);
  if (period === 'month' && start.endsWith('-01') && end === monthEnd(start)) return monthName(start, language, 'long');
  if (period === 'year' && start.endsWith('-01-01') && end.endsWith('-12-31')) return start.slice(0, 4);
  return days;
}

/** A period's short mark on the chart's axis: `14.05.`, `svi 2026.`, `2026`. */
export function periodTick(period: FinancePeriod, start: string, language: string): string {
  if (period === 'month') return monthName(start, language, 'short');
  if (period === 'year') return start.slice(0, 4);
  return formatDate(start).slice(0, 6);
}

/**
 * Whether the range is a single period of its kind (one day, one ISO week, one calendar month or
 * year, or the whole range): the report's lines then need no period of their own, the subtitle says it.
 */
export function isSinglePeriod(period: FinancePeriod, from: string, to: string): boolean {
  if (period === 'range') return true;
  if (period === 'day') return from === to;
  if (period === 'week') return weekStart(from) === weekStart(to);
  return from.slice(0, period === 'month' ? 7 : 4) === to.slice(0, period === 'month' ? 7 : 4);
}
