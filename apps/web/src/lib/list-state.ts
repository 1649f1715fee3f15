import { DEFAULT_ITEMS_PER_PAGE, zagrebOffset } from '@kovanica/contract';
import { useRouter, useRouterState, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { Query } from './api.ts';

/** Page sizes a list offers; the API's default (30) is the list's default. */
export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = DEFAULT_ITEMS_PER_PAGE;

export type SortDirection = 'asc' | 'desc';
export type FilterValue = string | number | boolean;

/**
 * The state of a list screen as URL search params, so a reload or a shared link shows the same list:
 * `?role=manager&sort=email&dir=desc&page=2&itemsPerPage=50`. Every key other than the four below is a
 * filter named as the API's query parameter (`name`, `active`, `createdAt[after]`).
 */
export interface ListSearch {
  /** 1-based; left out for page 1. */
  page?: number;
  /** Left out for the default size. */
  itemsPerPage?: number;
  /** The API order field (a column's `sortField`); left out for the resource's default order. */
  sort?: string;
  /** Left out for ascending. */
  dir?: SortDirection;
  [filter: string]: FilterValue | undefined;
}

const RESERVED = new Set(['page', 'itemsPerPage', 'sort', 'dir', 'client']);

function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,7}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : undefined;
}

/**
 * A list route's `validateSearch`: `validateSearch: listSearch`. Anything malformed is dropped rather
 * than refused, so an old or hand-edited link still opens the list. Defaults are left out of the URL.
 */
export function listSearch(raw: Record<string, unknown>): ListSearch {
  const search: ListSearch = {};
  const page = positiveInt(raw.page);
  if (page !== undefined && page > 1) search.page = page;
  const size = positiveInt(raw.itemsPerPage);
  if (size !== undefined && size !== DEFAULT_PAGE_SIZE && (PAGE_SIZES as readonly number[]).includes(size)) search.itemsPerPage = size;
  if (typeof raw.sort === 'string' && /^[A-Za-z][\w.]{0,63}$/.test(raw.sort)) {
    search.sort = raw.sort;
    if (raw.dir === 'desc') search.dir = 'desc';
  }
  for (const [key, value] of Object.entries(raw)) {
    if (RESERVED.has(key)) continue;
    if ((typeof value === 'string' && value !== '') || typeof value === 'number' || typeof value === 'boolean') search[key] = value;
  }
  return search;
}

/** The filters of a list state, by API parameter name. */
export function listFilters(search: ListSearch): Record<string, FilterValue> {
  const filters: Record<string, FilterValue> = {};
  for (const [key, value] of Object.entries(search)) {
    if (!RESERVED.has(key) && value !== undefined) filters[key] = value;
  }
  return filters;
}

/** The list state with one filter set (or cleared with undefined/''); any filter change goes back to page 1. */
export function withFilter(search: ListSearch, field: string, value: FilterValue | undefined): ListSearch {
  const next: ListSearch = { ...search, page: undefined };
  next[field] = value === '' ? undefined : value;
  return next;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The instant a calendar day (`yyyy-MM-dd`) starts in Europe/Zagreb. Business days are Zagreb days,
 * whatever zone the browser is in; the second pass settles days on which the clocks change.
 */
export function businessDayStart(day: string, addDays = 0): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d + addDays);
  const first = midnightUtc - zagrebOffset(midnightUtc);
  return new Date(midnightUtc - zagrebOffset(first)).toISOString();
}

/**
 * The instant a wall-clock time (`HH:mm`) of a calendar day is in Europe/Zagreb, e.g. a back-dated
 * entry typed as a day and a time: business times are Zagreb times, whatever zone the browser is in.
 */
export function businessInstant(day: string, time: string): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const [hh = 0, mm = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const first = wall - zagrebOffset(wall);
  return new Date(wall - zagrebOffset(first)).toISOString();
}

/**
 * The API query of a list state: paging, `order[field]`, the filters, over a screen's fixed base
 * query. A date range keeps whole days in the URL (`createdAt[before]=2026-01-31` includes that day)
 * and becomes instants here.
 */
export function toApiQuery(search: ListSearch, base: Query = {}): Query {
  const query: Query = { ...base };
  for (const [key, value] of Object.entries(listFilters(search))) {
    const range = /^(.+)\[(after|before)\]$/.exec(key);
    if (range && typeof value === 'string' && DAY.test(value)) {
      if (range[2] === 'after') query[key] = businessDayStart(value);
      else query[`${range[1]}[strictly_before]`] = businessDayStart(value, 1);
    } else {
      query[key] = value;
    }
  }
  query.page = search.page ?? 1;
  query.itemsPerPage = search.itemsPerPage ?? DEFAULT_PAGE_SIZE;
  if (search.sort) query[`order[${search.sort}]`] = search.dir ?? 'asc';
  return query;
}

/**
 * The current list state and a setter that writes it to the URL. Typing into a filter replaces the
 * history entry (Back should not replay keystrokes); paging and sorting push one.
 */
export function useListSearch(): [ListSearch, (next: ListSearch, options?: { replace?: boolean }) => void] {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const router = useRouter();
  // The list's own path, fixed when it renders: a late update never rewrites another page's URL.
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const set = useCallback(
    (next: ListSearch, options: { replace?: boolean } = {}) => {
      if (router.state.location.pathname !== pathname) return;
      // By href: the list state is the same shape on every list route, which the typed `search`
      // option cannot express for "the current route, whichever it is".
      const href = `${pathname}${router.options.stringifySearch(listSearch(next))}`;
      void router.navigate({ href, replace: options.replace ?? false });
    },
    [router, pathname],
  );
  // The same object while the URL's search is the same, so what a list renders from it can be kept.
  const search = useMemo(() => listSearch(raw), [raw]);
  return [search, set];
}
