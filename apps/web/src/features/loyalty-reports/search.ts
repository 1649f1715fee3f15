import {
  type CardStatus,
  cardStatuses,
  LOYALTY_DAILY_MAX_DAYS,
  LOYALTY_REPORT_MAX_DAYS,
  type LoyaltyCardOrderField,
  type LoyaltyReportPeriod,
  loyaltyCardOrderFields,
  loyaltyReportPeriods,
} from '@kovanica/contract';
import { daysInRange } from '../../lib/day.ts';
import { iriParam, type ReportPage, reportPageOf, reportRangeOf } from '../../lib/report-search.ts';
import type { View } from '../../lib/view.ts';

/**
 * The loyalty reports' search params, zod-free (a route's search parser is in the first paint,
 * decision 0016): `/loyalty/general-report?from=2026-01-01&to=2026-06-30&period=week&owner=/api/v2/loyalty-owners/2`.
 * A missing day means the report's default range (the month so far); anything malformed is dropped.
 */
export interface LoyaltySearch extends ReportPage {
  from?: string;
  to?: string;
  period?: LoyaltyReportPeriod;
  company?: string;
  owner?: string;
  /** The card report's filters and order. */
  status?: CardStatus;
  flagged?: 'true' | 'false';
  sort?: LoyaltyCardOrderField;
  dir?: 'asc' | 'desc';
}

export const DEFAULT_LOYALTY_PERIOD: LoyaltyReportPeriod = 'month';

export function loyaltySearch(raw: Record<string, unknown>): LoyaltySearch {
  const search: LoyaltySearch = { ...reportRangeOf(raw), ...reportPageOf(raw) };
  const period = loyaltyReportPeriods.find((p) => p === raw.period);
  if (period && period !== DEFAULT_LOYALTY_PERIOD) search.period = period;
  const company = iriParam('companies', raw.company);
  if (company) search.company = company;
  const owner = iriParam('loyalty-owners', raw.owner);
  if (owner) search.owner = owner;
  const status = cardStatuses.find((s) => s === raw.status);
  if (status) search.status = status;
  if (raw.flagged === 'true' || raw.flagged === 'false') search.flagged = raw.flagged;
  const sort = loyaltyCardOrderFields.find((s) => s === raw.sort);
  if (sort) search.sort = sort;
  if (sort && (raw.dir === 'asc' || raw.dir === 'desc')) search.dir = raw.dir;
  return search;
}

/** Why the API would refuse a range (422): too long, or too long for a line per day or week. */
export function loyaltyRangeError(from: string, to: string, period?: LoyaltyReportPeriod): { field: 'to' | 'period'; max: number } | null {
  if (to < from) return null;
  const days = daysInRange(from, to);
  if (days > LOYALTY_REPORT_MAX_DAYS) return { field: 'to', max: LOYALTY_REPORT_MAX_DAYS };
  if ((period === 'day' || period === 'week') && days > LOYALTY_DAILY_MAX_DAYS) return { field: 'period', max: LOYALTY_DAILY_MAX_DAYS };
  return null;
}

/** The query every loyalty report shares: its range, the owner, and the company only in the All Companies view. */
export function loyaltyQueryOf(search: LoyaltySearch, range: { from: string; to: string }, view: View) {
  return {
    from: search.from ?? range.from,
    to: search.to ?? range.to,
    ...(view === 'all' && search.company && { company: search.company }),
    ...(search.owner && { owner: search.owner }),
  };
}

/** The page of a paged report's search. */
export const pagingOf = (search: LoyaltySearch) => ({
  ...(search.page && { page: search.page }),
  ...(search.itemsPerPage && { itemsPerPage: search.itemsPerPage }),
});
