import {
  businessDate,
  type ComparativeOrderField,
  type ComparativeQuery,
  type ComparativeSubject,
  comparativeOrderFields,
  FINANCE_MAX_DAYS,
} from '@kovanica/contract';
import { comparisonOf, type Range } from '../../lib/comparison-presets.ts';
import { daysInRange, isIsoDay, monthToDate } from '../../lib/day.ts';
import { iriParam, type ReportPage, reportPageOf, reportRangeOf } from '../../lib/report-search.ts';
import type { View } from '../../lib/view.ts';

/**
 * The comparative analysis' search params, zod-free (a route's search parser is in the first paint,
 * decision 0016): `/comparative-analysis/location?from=2026-05-01&to=2026-05-14&compareFrom=2026-04-01&compareTo=2026-04-14&sort=changeCents&dir=desc`.
 * A missing period means the default (this month to date); a missing comparison, the same days a
 * month earlier. The order is left out when it is the report's own (the largest revenue first).
 */
export interface ComparativeSearch extends ReportPage {
  from?: string;
  to?: string;
  compareFrom?: string;
  compareTo?: string;
  company?: string;
  lessor?: string;
  location?: string;
  sort?: ComparativeOrderField;
  /** Left out for ascending. */
  dir?: 'desc';
}

/** The filters that narrow each subject's lines: a device's location or lessor, a location's lessor… */
const FILTERS: Record<ComparativeSubject, readonly ('lessor' | 'location')[]> = {
  device: ['lessor', 'location'],
  location: ['lessor', 'location'],
  lessor: ['lessor'],
};
const COLLECTION = { lessor: 'lessors', location: 'locations' } as const;

/** The route's `validateSearch` for a subject: anything malformed is dropped, so an old or hand-edited link still opens. */
export const comparativeSearch =
  (subject: ComparativeSubject) =>
  (raw: Record<string, unknown>): ComparativeSearch => {
    const search: ComparativeSearch = { ...reportPageOf(raw), ...reportRangeOf(raw) };
    if (isIsoDay(raw.compareFrom)) search.compareFrom = raw.compareFrom;
    if (isIsoDay(raw.compareTo)) search.compareTo = raw.compareTo;
    const company = iriParam('companies', raw.company);
    if (company) search.company = company;
    for (const filter of FILTERS[subject]) {
      const value = iriParam(COLLECTION[filter], raw[filter]);
      if (value) search[filter] = value;
    }
    if (typeof raw.sort === 'string' && (comparativeOrderFields as readonly string[]).includes(raw.sort)) {
      search.sort = raw.sort as ComparativeOrderField;
      if (raw.dir === 'desc') search.dir = 'desc';
    }
    return search;
  };

/** The two periods a search asks for: this month to date and the same days a month earlier unless it says otherwise. */
export function periodsOf(search: ComparativeSearch, today = businessDate()): { range: Range; compared: Range } {
  const defaults = monthToDate(today);
  const range = { from: search.from ?? defaults.from, to: search.to ?? defaults.to };
  const fallback = comparisonOf('previousMonth', range);
  return { range, compared: { from: search.compareFrom ?? fallback.from, to: search.compareTo ?? fallback.to } };
}

/** Why a period cannot be asked for (the API's limit, `FINANCE_MAX_DAYS`), or null; an end before the start is the day inputs' to say. */
export function periodTooLong({ from, to }: Range): boolean {
  return daysInRange(from, to) > FINANCE_MAX_DAYS;
}

/** The API query of a search: both periods, the page, the order and the filters (a company only in the All Companies view). */
export function comparativeQueryOf(
  subject: ComparativeSubject,
  search: ComparativeSearch,
  view: View,
  today = businessDate(),
): ComparativeQuery {
  const { range, compared } = periodsOf(search, today);
  const query: ComparativeQuery = { subject, from: range.from, to: range.to, compareFrom: compared.from, compareTo: compared.to };
  if (view === 'all' && search.company) query.company = search.company;
  for (const filter of FILTERS[subject]) if (search[filter]) query[filter] = search[filter];
  if (search.page) query.page = search.page;
  if (search.itemsPerPage) query.itemsPerPage = search.itemsPerPage;
  if (search.sort) query[`order[${search.sort}]`] = search.dir ?? 'asc';
  return query;
}

/** The filters a subject's screen offers. */
export const filtersOf = (subject: ComparativeSubject) => FILTERS[subject];
