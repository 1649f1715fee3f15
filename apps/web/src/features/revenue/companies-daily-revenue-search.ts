import { addDays, businessDate, COMPANIES_DAILY_REVENUE_MAX_DAYS } from '@kovanica/contract';
import { daysInRange, isIsoDay } from '../../lib/day.ts';

/** `/companies/daily-revenue?from=2026-05-01&to=2026-05-14`; a missing day means the default range. */
export interface CompaniesDailyRevenueSearch {
  from?: string;
  to?: string;
}

/** The route's `validateSearch`: real days kept (as in the detailed review), anything else dropped. */
export function companiesDailyRevenueSearch(raw: Record<string, unknown>): CompaniesDailyRevenueSearch {
  const { from, to } = raw;
  return { ...(isIsoDay(from) && { from }), ...(isIsoDay(to) && { to }) };
}

/** How many business days the page shows unless told otherwise, today included. */
export const DAILY_REVENUE_DEFAULT_DAYS = 14;

/** The default range: the last 14 business (Zagreb) days up to today. */
export function defaultDailyRange(today = businessDate()): { from: string; to: string } {
  return { from: addDays(today, -(DAILY_REVENUE_DEFAULT_DAYS - 1)), to: today };
}

/** Whether the server takes the range: at most a year (the API answers 422 past it). */
export const isRangeTooLong = (from: string, to: string) => daysInRange(from, to) > COMPANIES_DAILY_REVENUE_MAX_DAYS;
