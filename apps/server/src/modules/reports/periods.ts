import { addDays, type FinancePeriod, monthEnd, weekStart } from '@kovanica/contract';

export interface Period {
  start: string;
  end: string;
}

/** The period a day falls in (its first day), before clamping to a range. */
function periodStart(day: string, period: FinancePeriod): string {
  if (period === 'day') return day;
  if (period === 'week') return weekStart(day);
  if (period === 'month') return `${day.slice(0, 8)}01`;
  if (period === 'year') return `${day.slice(0, 5)}01-01`;
  return day;
}

function periodEnd(start: string, period: FinancePeriod): string {
  if (period === 'day') return start;
  if (period === 'week') return addDays(start, 6);
  if (period === 'month') return monthEnd(start);
  return `${start.slice(0, 5)}12-31`;
}

/**
 * The periods that cut a range of business days, in order, the first and last clamped to the range:
 * days, ISO weeks (Monday to Sunday), calendar months, calendar years, or the range as one.
 */
export function periodsOf(from: string, to: string, period: FinancePeriod): Period[] {
  if (period === 'range') return [{ start: from, end: to }];
  const periods: Period[] = [];
  for (let start = periodStart(from, period); start <= to; start = addDays(periodEnd(start, period), 1)) {
    const end = periodEnd(start, period);
    periods.push({ start: start < from ? from : start, end: end > to ? to : end });
  }
  return periods;
}

/** The calendar months (their first days) a range of days touches. */
export function monthsOf(from: string, to: string): string[] {
  return periodsOf(from, to, 'month').map((p) => `${p.start.slice(0, 8)}01`);
}
