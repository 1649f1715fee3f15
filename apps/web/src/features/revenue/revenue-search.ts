import { businessDate, parseIri } from '@kovanica/contract';
import { isIsoDay } from '../../lib/day.ts';
import type { RevenueGrouping } from './revenue-rows.ts';

/** `/today-revenue/list?location=/api/v2/locations/3`. */
export interface TodayRevenueSearch {
  location?: string;
}

/**
 * `/detailed-review/list?from=2026-05-01&to=2026-05-14&location=…&device=…&group=location`. A missing
 * day means the default range; the grouping is left out when it is per device.
 */
export interface DetailedReviewSearch {
  from?: string;
  to?: string;
  location?: string;
  device?: string;
  group?: Exclude<RevenueGrouping, 'device'>;
}

const iriOf = (collection: string, value: unknown) =>
  typeof value === 'string' && parseIri(collection, value) !== null ? value : undefined;

/** The route's `validateSearch`: anything malformed is dropped, so an old or hand-edited link still opens. */
export function todayRevenueSearch(raw: Record<string, unknown>): TodayRevenueSearch {
  const location = iriOf('locations', raw.location);
  return location ? { location } : {};
}

/** The route's `validateSearch` of the detailed review; see `todayRevenueSearch`. */
export function detailedReviewSearch(raw: Record<string, unknown>): DetailedReviewSearch {
  const search: DetailedReviewSearch = {};
  if (isIsoDay(raw.from)) search.from = raw.from;
  if (isIsoDay(raw.to)) search.to = raw.to;
  const location = iriOf('locations', raw.location);
  if (location) search.location = location;
  const device = iriOf('devices', raw.device);
  if (device) search.device = device;
  if (raw.group === 'location') search.group = 'location';
  return search;
}

/** The detailed review's default range: this month up to today, in business (Zagreb) days. */
export function defaultRange(today = businessDate()): { from: string; to: string } {
  return { from: `${today.slice(0, 8)}01`, to: today };
}
