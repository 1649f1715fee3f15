import { type DeviceGroup, deviceGroups, type LogisticQuery, type LogisticSubject } from '@kovanica/contract';
import { iriParam, type ReportPage, reportPageOf, reportRangeOf } from '../../lib/report-search.ts';
import type { View } from '../../lib/view.ts';

/**
 * The logistic report's search params, zod-free (a route's search parser is in the first paint, decision
 * 0016): `/logistic-report/device?location=/api/v2/locations/3&group=prize_device&page=2`. A missing day
 * means this month up to today.
 */
export interface LogisticSearch extends ReportPage {
  from?: string;
  to?: string;
  /** The All Companies view's company filter. */
  company?: string;
  lessor?: string;
  location?: string;
  device?: string;
  group?: DeviceGroup;
}

/** What narrows the report besides the company: one device only makes sense on the device screen. */
export type LogisticFilter = 'lessor' | 'location' | 'device';

export const logisticFilters: Record<LogisticSubject, readonly LogisticFilter[]> = {
  device: ['lessor', 'location', 'device'],
  location: ['lessor', 'location'],
};

const COLLECTIONS = { company: 'companies', lessor: 'lessors', location: 'locations', device: 'devices' } as const;

/** The route's `validateSearch` of the report of `subject`: anything malformed or out of place dropped. */
export function logisticSearch(subject: LogisticSubject) {
  return (raw: Record<string, unknown>): LogisticSearch => {
    const search: LogisticSearch = { ...reportRangeOf(raw), ...reportPageOf(raw) };
    for (const param of ['company', ...logisticFilters[subject]] as const) {
      const value = iriParam(COLLECTIONS[param], raw[param]);
      if (value) search[param] = value;
    }
    const group = deviceGroups.find((g) => g === raw.group);
    if (group) search.group = group;
    return search;
  };
}

/** The search parsers of each subject's report, made once (the route's `validateSearch` and the page's reading of it). */
export const logisticSearches: Record<LogisticSubject, (raw: Record<string, unknown>) => LogisticSearch> = {
  device: logisticSearch('device'),
  location: logisticSearch('location'),
};

/**
 * The API query of a report's search, or null while no filter is chosen: the report runs only for a
 * company (All Companies view), lessor, location, device or device group (the API answers 422
 * `filter_required` otherwise, so it is not asked).
 */
export function logisticQueryOf(
  subject: LogisticSubject,
  search: LogisticSearch,
  range: { from: string; to: string },
  view: View,
): LogisticQuery | null {
  const query: LogisticQuery = { subject, from: search.from ?? range.from, to: search.to ?? range.to };
  if (view === 'all' && search.company) query.company = search.company;
  for (const param of logisticFilters[subject]) if (search[param]) query[param] = search[param];
  if (search.group) query.group = search.group;
  const narrowed = query.company ?? query.lessor ?? query.location ?? query.device ?? query.group;
  if (narrowed === undefined) return null;
  if (search.page) query.page = search.page;
  if (search.itemsPerPage) query.itemsPerPage = search.itemsPerPage;
  return query;
}
