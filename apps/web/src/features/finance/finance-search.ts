import {
  businessDate,
  FINANCE_DAILY_MAX_DAYS,
  FINANCE_MAX_DAYS,
  type FinancePeriod,
  type FinanceQuery,
  type FinanceSubject,
  financePeriods,
} from '@kovanica/contract';
import { daysInRange } from '../../lib/day.ts';
import { iriParam, type ReportPage, reportPageOf, reportRangeOf } from '../../lib/report-search.ts';
import type { View } from '../../lib/view.ts';

/**
 * The finance reports' search params, zod-free (a route's search parser is in the first paint, decision
 * 0016): `/finance-report/location?from=2026-05-01&to=2026-05-31&period=day&lessor=/api/v2/lessors/2&page=2`.
 * A missing day means the report's default range; the period is left out when it is the default.
 */
export interface FinanceSearch extends ReportPage {
  from?: string;
  to?: string;
  period?: FinancePeriod;
  /** The All Companies view's company filter. */
  company?: string;
  lessor?: string;
  location?: string;
  device?: string;
}

/** What a report narrows its subjects by, besides the company. */
export type FinanceFilter = 'lessor' | 'location' | 'device';

/**
 * The filters that make sense per subject: a lessor's locations and devices, a location's devices, one
 * device. The company report is the company's whole business and is narrowed by nothing (the API refuses).
 */
export const financeFilters: Record<FinanceSubject, readonly FinanceFilter[]> = {
  device: ['lessor', 'location', 'device'],
  location: ['lessor', 'location'],
  lessor: ['lessor'],
  company: [],
};

const COLLECTIONS = { company: 'companies', lessor: 'lessors', location: 'locations', device: 'devices' } as const;

/** A line per subject and calendar month unless told otherwise: the month's figures per device, location… */
export const DEFAULT_FINANCE_PERIOD: FinancePeriod = 'month';

/** The route's `validateSearch` of a finance or token report of `subject`: anything malformed or out of place dropped. */
export function financeSearch(subject: FinanceSubject) {
  return (raw: Record<string, unknown>): FinanceSearch => {
    const search: FinanceSearch = { ...reportRangeOf(raw), ...reportPageOf(raw) };
    const period = financePeriods.find((p) => p === raw.period);
    if (period && period !== DEFAULT_FINANCE_PERIOD) search.period = period;
    for (const param of ['company', ...financeFilters[subject]] as const) {
      const value = iriParam(COLLECTIONS[param], raw[param]);
      if (value) search[param] = value;
    }
    return search;
  };
}

/** The search parsers of each subject's report, made once (the route's `validateSearch` and the page's reading of it). */
export const financeSearches: Record<FinanceSubject, (raw: Record<string, unknown>) => FinanceSearch> = {
  device: financeSearch('device'),
  location: financeSearch('location'),
  lessor: financeSearch('lessor'),
  company: financeSearch('company'),
};

/** `/ebitda/list?from=2025-06-01&to=2026-05-31&company=…`: per company and month, so no period and no place. */
export type EbitdaSearch = Pick<FinanceSearch, 'from' | 'to' | 'company' | 'page' | 'itemsPerPage'>;

/** The route's `validateSearch` of the EBITDA report. */
export function ebitdaSearch(raw: Record<string, unknown>): EbitdaSearch {
  const { from, to, company, page, itemsPerPage } = financeSearches.company(raw);
  return {
    ...(from && { from }),
    ...(to && { to }),
    ...(company && { company }),
    ...(page && { page }),
    ...(itemsPerPage && { itemsPerPage }),
  };
}

/** EBITDA's default range: the last twelve calendar months, this one (up to today) included. */
export function lastTwelveMonths(today = businessDate()): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const first = new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10);
  return { from: first, to: today };
}

/** What a report shows: the search's range or the default one, and its period (a fixed one, the search's or the default). */
export function financeFrame(
  search: FinanceSearch,
  range: { from: string; to: string },
  fixedPeriod?: FinancePeriod,
): { from: string; to: string; period: FinancePeriod } {
  return { from: search.from ?? range.from, to: search.to ?? range.to, period: fixedPeriod ?? search.period ?? DEFAULT_FINANCE_PERIOD };
}

/** Why the API would refuse a range (422): too long for the report, or for a line per day or week. */
export function financeRangeError(from: string, to: string, period: FinancePeriod): { field: 'to' | 'period'; max: number } | null {
  if (to < from) return null; // the day inputs say so themselves
  const days = daysInRange(from, to);
  if (days > FINANCE_MAX_DAYS) return { field: 'to', max: FINANCE_MAX_DAYS };
  if ((period === 'day' || period === 'week') && days > FINANCE_DAILY_MAX_DAYS) return { field: 'period', max: FINANCE_DAILY_MAX_DAYS };
  return null;
}

/**
 * The API query of a report's search: its range (or the default), period, the filters that apply to the
 * subject, and the company filter only in the All Companies view (My Company has one company).
 */
export function financeQueryOf(
  subject: FinanceSubject,
  search: FinanceSearch,
  range: { from: string; to: string },
  view: View,
  fixedPeriod?: FinancePeriod,
): FinanceQuery {
  const query: FinanceQuery = { subject, ...financeFrame(search, range, fixedPeriod) };
  if (view === 'all' && search.company) query.company = search.company;
  for (const param of financeFilters[subject]) if (search[param]) query[param] = search[param];
  if (search.page) query.page = search.page;
  if (search.itemsPerPage) query.itemsPerPage = search.itemsPerPage;
  return query;
}
