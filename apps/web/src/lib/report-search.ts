import { parseIri } from '@kovanica/contract';
import { useRouter, useRouterState, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { isIsoDay } from './day.ts';
import { listSearch } from './list-state.ts';

/**
 * The parts of a report's search params that every report reads alike. Zod-free: a route's search
 * parser is in the first paint (decision 0016). Anything malformed is dropped rather than refused, so
 * an old or hand-edited link still opens the report.
 */

/** Which page of a report's lines and how many (`?page=2&itemsPerPage=50`); left out: page 1, the default size. */
export interface ReportPage {
  page?: number;
  itemsPerPage?: number;
}

/** The page and page size of a search, as the lists keep them. */
export function reportPageOf(raw: Record<string, unknown>): ReportPage {
  const { page, itemsPerPage } = listSearch(raw);
  return { ...(page !== undefined && { page }), ...(itemsPerPage !== undefined && { itemsPerPage }) };
}

/** A report's range (`?from=2026-05-01&to=2026-05-14`): real days kept; a missing one means the report's default. */
export function reportRangeOf(raw: Record<string, unknown>): { from?: string; to?: string } {
  const { from, to } = raw;
  return { ...(isIsoDay(from) && { from }), ...(isIsoDay(to) && { to }) };
}

/** A search param that is an IRI of the collection (`/api/v2/locations/3` for `locations`), else undefined. */
export function iriParam(collection: string, value: unknown): string | undefined {
  return typeof value === 'string' && parseIri(collection, value) !== null ? value : undefined;
}

/**
 * The current report's search, as its route validated it, and a setter that merges a change into the
 * URL (a reload or a shared link shows the same report). Typing replaces the history entry. By href,
 * as the lists do (`useListSearch`): one report page serves several routes (`/finance-report/device`,
 * `/token-report/device`…), which the typed `search` option cannot express.
 */
export function useReportSearch<S extends object>(parse: (raw: Record<string, unknown>) => S): [S, (patch: Partial<S>) => void] {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const router = useRouter();
  // The report's own path, fixed when it renders: a late update never rewrites another page's URL.
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const set = useCallback(
    (patch: Partial<S>) => {
      if (router.state.location.pathname !== pathname) return;
      const current = router.state.location.search as Record<string, unknown>;
      const href = `${pathname}${router.options.stringifySearch(parse({ ...current, ...patch }))}`;
      void router.navigate({ href, replace: true });
    },
    [router, pathname, parse],
  );
  return [useMemo(() => parse(raw), [parse, raw]), set];
}
