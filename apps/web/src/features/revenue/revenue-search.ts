import { type RevenueOrderField, type RevenueQuery, revenueOrderFields } from '@kovanica/contract';
import { listSearch } from '../../lib/list-state.ts';
import { iriParam, type ReportPage, reportPageOf, reportRangeOf } from '../../lib/report-search.ts';
import type { RevenueGrouping } from './revenue-rows.ts';

/**
 * Which page of a report's lines, how many, in which order (`?page=2&itemsPerPage=50&sort=plays&dir=desc`),
 * as the lists keep it; left out: page 1, the default size, the report's own order (largest revenue first).
 */
export interface ReportPaging extends ReportPage {
  sort?: RevenueOrderField;
  /** Left out for ascending. */
  dir?: 'desc';
}

/** The paging part of a report's search, malformed values dropped. */
function pagingOf(raw: Record<string, unknown>): ReportPaging {
  const { sort, dir } = listSearch(raw);
  const paging: ReportPaging = reportPageOf(raw);
  if (sort !== undefined && (revenueOrderFields as readonly string[]).includes(sort)) {
    paging.sort = sort as RevenueOrderField;
    if (dir === 'desc') paging.dir = 'desc';
  }
  return paging;
}

/** The API's paging and order parameters of a report's search. */
export function pagingQuery(paging: ReportPaging): Pick<RevenueQuery, 'page' | 'itemsPerPage'> & Partial<RevenueQuery> {
  return {
    page: paging.page,
    itemsPerPage: paging.itemsPerPage,
    ...(paging.sort ? { [`order[${paging.sort}]`]: paging.dir ?? 'asc' } : {}),
  };
}

/** `/today-revenue/list?location=/api/v2/locations/3`, with the paging of the lines. */
export interface TodayRevenueSearch extends ReportPaging {
  location?: string;
}

/**
 * `/detailed-review/list?from=2026-05-01&to=2026-05-14&location=…&device=…&group=location`. A missing
 * day means the default range; the grouping is left out when it is per device.
 */
export interface DetailedReviewSearch extends ReportPaging {
  from?: string;
  to?: string;
  location?: string;
  device?: string;
  group?: Exclude<RevenueGrouping, 'device'>;
}

/** The route's `validateSearch`: anything malformed is dropped, so an old or hand-edited link still opens. */
export function todayRevenueSearch(raw: Record<string, unknown>): TodayRevenueSearch {
  const location = iriParam('locations', raw.location);
  return { ...pagingOf(raw), ...(location ? { location } : {}) };
}

/** The route's `validateSearch` of the detailed review; see `todayRevenueSearch`. */
export function detailedReviewSearch(raw: Record<string, unknown>): DetailedReviewSearch {
  const search: DetailedReviewSearch = { ...pagingOf(raw), ...reportRangeOf(raw) };
  const location = iriParam('locations', raw.location);
  if (location) search.location = location;
  const device = iriParam('devices', raw.device);
  if (device) search.device = device;
  if (raw.group === 'location') search.group = 'location';
  return search;
}
