import {
  addDays,
  businessDate,
  type ComparativeOrderField,
  type ComparativeQuery,
  type ComparativeSubject,
  comparativeOrderFields,
  FINANCE_MAX_DAYS,
} from '@kovanica/contract';
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

const monthLength = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The same day a number of months earlier, clipped to that month's length (31 March → 28 or 29 February). */
export function monthsBefore(day: string, months: number): string {
  const total = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 - months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const date = Math.min(Number(day.slice(8, 10)), monthLength(year, month));
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/** Ways to pick the period compared with; `custom` is any other pair of days. */
export const comparisonPresets = ['previousMonth', 'previousYear', 'previousPeriod'] as const;
export type ComparisonPreset = (typeof comparisonPresets)[number];

export interface Range {
  from: string;
  to: string;
}

/**
 * The period a preset compares a range with: the same days a month or a year earlier (clipped to
 * shorter months), or the days just before it, as many as it has.
 */
export function comparisonOf(preset: ComparisonPreset, { from, to }: Range): Range {
  switch (preset) {
    case 'previousMonth':
      return { from: monthsBefore(from, 1), to: monthsBefore(to, 1) };
    case 'previousYear':
      return { from: monthsBefore(from, 12), to: monthsBefore(to, 12) };
    case 'previousPeriod': {
      const end = addDays(from, -1);
      return { from: addDays(end, -(daysInRange(from, to) - 1)), to: end };
    }
  }
}

/** Which preset a comparison is, if any (`custom` when none gives it). */
export function presetOf(range: Range, compared: Range): ComparisonPreset | 'custom' {
  return (
    comparisonPresets.find((p) => {
      const c = comparisonOf(p, range);
      return c.from === compared.from && c.to === compared.to;
    }) ?? 'custom'
  );
}

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
