import { addDays, businessDate, parseIri } from '@kovanica/contract';
import { isIsoDay } from '../../lib/day.ts';
import { listSearch } from '../../lib/list-state.ts';

/**
 * `/transactions-bills/comparison?from=2026-11-01&to=2026-11-07&device=…&mismatches=true&page=2`: the
 * period (the last 7 days when left out), a device, only the days that disagree, and the page of rows.
 * Zod-free: a route's search parser is in the first paint (decision 0016).
 */
export interface ComparisonSearch {
  from?: string;
  to?: string;
  device?: string;
  mismatches?: true;
  /** `day`: the answer's order (newest day first); left out, the largest difference first. */
  order?: 'day';
  page?: number;
  itemsPerPage?: number;
}

/** The route's `validateSearch`: anything malformed is dropped, so an old or hand-edited link still opens. */
export function comparisonSearch(raw: Record<string, unknown>): ComparisonSearch {
  const { page, itemsPerPage } = listSearch(raw);
  const search: ComparisonSearch = {};
  if (isIsoDay(raw.from)) search.from = raw.from;
  if (isIsoDay(raw.to)) search.to = raw.to;
  if (typeof raw.device === 'string' && parseIri('devices', raw.device) !== null) search.device = raw.device;
  if (raw.mismatches === true || raw.mismatches === 'true') search.mismatches = true;
  if (raw.order === 'day') search.order = 'day';
  if (page !== undefined) search.page = page;
  if (itemsPerPage !== undefined) search.itemsPerPage = itemsPerPage;
  return search;
}

/** How many Zagreb days the comparison shows unless told otherwise, today included. */
export const COMPARISON_DEFAULT_DAYS = 7;

export function defaultComparisonRange(today = businessDate()): { from: string; to: string } {
  return { from: addDays(today, -(COMPARISON_DEFAULT_DAYS - 1)), to: today };
}

/** The figures of a comparison row (or its totals) that are compared. */
export interface ComparedFigures {
  payments: number;
  paymentsCents: number;
  bills: number;
  billsCents: number;
  fiscalized: number;
  fiscalizedCents: number;
  unbilled: number;
  unfiscalized: number;
}

/** Which figures of a row disagree: bills against payments, fiscalized against bills, and any payment without a bill or bill without a JIR. */
export function mismatchesOf(row: ComparedFigures) {
  const bills = row.bills !== row.payments || row.billsCents !== row.paymentsCents;
  const fiscalized = row.fiscalized !== row.bills || row.fiscalizedCents !== row.billsCents;
  const unbilled = row.unbilled > 0;
  const unfiscalized = row.unfiscalized > 0;
  return { bills, fiscalized, unbilled, unfiscalized, any: bills || fiscalized || unbilled || unfiscalized };
}

/**
 * The money that does not agree in a row, never negative: what was paid and what was billed apart
 * (either way), plus what was billed and not fiscalized (a bill's JIR never exceeds its bill).
 */
export const differenceOf = (row: ComparedFigures) =>
  Math.abs(row.paymentsCents - row.billsCents) + Math.max(0, row.billsCents - row.fiscalizedCents);

/**
 * The differences first: rows that disagree, the largest difference first, then the rows that agree.
 * Stable, so rows alike keep the answer's order (newest day first, then by device).
 */
export function differencesFirst<T extends ComparedFigures>(rows: readonly T[]): T[] {
  const rank = (row: T) => (mismatchesOf(row).any ? differenceOf(row) : -1);
  return rows
    .map((row, index) => ({ row, index, rank: rank(row) }))
    .sort((a, b) => b.rank - a.rank || a.index - b.index)
    .map((r) => r.row);
}

/** A page of rows, as a list pages them (the answer holds them all; the browser pages them). */
export function pageOf<T>(rows: readonly T[], page: number, itemsPerPage: number): T[] {
  return rows.slice((page - 1) * itemsPerPage, page * itemsPerPage);
}
