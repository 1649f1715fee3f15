import type { DashboardDay, DashboardFigures } from '@kovanica/contract';

/**
 * The dashboard's arithmetic on the figures the API answers, zod-free and without React so it is
 * tested on its own: an index's direction, a traffic series' summary and chart points, the backtest's
 * comparison with the naive forecasts.
 */

export type IndexKey = keyof DashboardFigures['indexes'];

/** The indexes per period, each period's own first and its last-year counterpart after it (original §1). */
export const indexPeriods: readonly { period: 'daily' | 'weekly' | 'monthly' | 'yearly'; indexes: readonly IndexKey[] }[] = [
  { period: 'daily', indexes: ['daily', 'dailyLastYear'] },
  { period: 'weekly', indexes: ['weekly', 'weeklyLastYear'] },
  { period: 'monthly', indexes: ['monthly', 'monthlyLastYear'] },
  { period: 'yearly', indexes: ['yearly'] },
];

export type Trend = 'up' | 'down' | 'flat';

/**
 * Which way an index points: above 100 the period earns more than the one it is compared with. Null
 * when there is no index (the comparison earned nothing, so no ratio exists).
 */
export function trendOf(index: number | null): Trend | null {
  if (index === null) return null;
  if (index > 100) return 'up';
  if (index < 100) return 'down';
  return 'flat';
}

/** The index as a change in percent (`112,5` → `+12,5`), rounded to two decimals like the index. */
export const changeOf = (index: number) => Math.round((index - 100) * 100) / 100;

/** What a traffic series adds up to, for the sentence beside its chart (a chart alone is no figure). */
export interface TrafficSummary {
  totalCents: number;
  /** Over every day of the series (whole days: the API leaves today's unfinished day out). */
  averageCents: number;
  /** The day that earned most; null when none earned anything. */
  best: DashboardDay | null;
}

export function summarizeTraffic(days: readonly DashboardDay[]): TrafficSummary {
  let totalCents = 0;
  let best: DashboardDay | null = null;
  for (const day of days) {
    totalCents += day.revenueCents;
    if (day.revenueCents > 0 && (best === null || day.revenueCents > best.revenueCents)) best = day;
  }
  return { totalCents, averageCents: days.length > 0 ? Math.round(totalCents / days.length) : 0, best };
}

/** `2026-05-14` → `14.05.` (the axis), the full date is the tooltip's. */
export const dayTick = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.`;

/** A point of a traffic chart: the axis mark, the full date and the revenue in cents. */
export interface TrafficPoint {
  tick: string;
  day: string;
  revenue: number;
  [key: string]: string | number;
}

export const trafficPoints = (days: readonly DashboardDay[]): TrafficPoint[] =>
  days.map((d) => ({ tick: dayTick(d.day), day: d.day, revenue: d.revenueCents }));

/** A point of the forecast chart: the expected value and its interval as one range (the band). */
export interface ForecastPoint {
  tick: string;
  day: string;
  expected: number;
  interval: [number, number];
  [key: string]: string | number | [number, number];
}

export const forecastPoints = (points: DashboardFigures['forecast']['points']): ForecastPoint[] =>
  points.map((p) => ({ tick: dayTick(p.day), day: p.day, expected: p.valueCents, interval: [p.lowCents, p.highCents] }));

/**
 * The expected revenue over the forecast's days. Its interval is not summed: the sum of each day's
 * low end is far less likely than the low end of the sum, so it would overstate the spread.
 */
export const forecastTotal = (points: DashboardFigures['forecast']['points']) => points.reduce((sum, p) => sum + p.valueCents, 0);

/**
 * The model's error as a share of the better naive forecast's (MASE ÷ MASE: all three share one
 * scale, so this is the ratio of their mean absolute errors), in percent; null when a naive forecast
 * made no error to compare with.
 */
export function errorShare(backtest: NonNullable<DashboardFigures['forecast']['backtest']>): number | null {
  const better = Math.min(backtest.naive, backtest.seasonalNaive);
  return better > 0 && Number.isFinite(better) ? Math.round((backtest.model / better) * 100) : null;
}

/** Whole days from `today` to `day` (`yyyy-MM-dd` both), for "ends in 12 days". */
export const daysUntil = (today: string, day: string) => Math.round((Date.parse(day) - Date.parse(today)) / 86_400_000);
