import { keepPreviousData, type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { collectRows } from '../../components/data-table/export-rows.ts';
import type { ListSource } from '../../components/data-table/types.ts';
import { devicesApi } from '../../lib/apis/devices.ts';
import { locationsApi } from '../../lib/apis/locations.ts';
import { useSession } from '../../lib/session.ts';
import { type View, viewOf } from '../../lib/view.ts';
import { type Fleet, isProblematic, placeFleet } from './map-state.ts';

/** Device state follows telemetry: the map asks again this often while it is open. */
export const MAP_REFRESH_MS = 30_000;
/** Locations (and their coordinates) change seldom. */
const LOCATIONS_REFRESH_MS = 5 * 60_000;

/**
 * Every item of a list in the given view, page by page as the export reads it. Keyed under the
 * resource, so the writes that invalidate `[resource]` refresh the map too.
 */
function everyItemQuery<T>(queryClient: QueryClient, api: ListSource<T>, view: View) {
  return queryOptions({
    queryKey: [api.name, 'map', view] as const,
    queryFn: () =>
      collectRows((page, itemsPerPage) =>
        // Pages are read once into the whole list; they are not kept in the cache on their own.
        queryClient.fetchQuery({ ...api.list({ page, itemsPerPage }, view), staleTime: 0, gcTime: 0 }),
      ),
  });
}

export interface FleetResult {
  fleet: Fleet | undefined;
  /** Devices the API holds; more than were read when the list was cut short. */
  total: number;
  read: number;
  error: unknown;
  /** When the device states shown were read (ms). */
  updatedAt: number;
  isLoading: boolean;
}

/**
 * The fleet in the user's view (My company / All Companies), placed on the map and kept current;
 * with `problemsOnly`, only the problematic devices as the dashboard counts them (`isProblematic`).
 */
export function useFleet(problemsOnly = false): FleetResult {
  const queryClient = useQueryClient();
  const { accountInfo } = useSession();
  const view = viewOf(accountInfo);
  const devices = useQuery({
    ...everyItemQuery(queryClient, devicesApi, view),
    refetchInterval: MAP_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const locations = useQuery({
    ...everyItemQuery(queryClient, locationsApi, view),
    refetchInterval: LOCATIONS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const fleet = useMemo(
    () =>
      devices.data && locations.data
        ? placeFleet(problemsOnly ? devices.data.rows.filter(isProblematic) : devices.data.rows, locations.data.rows)
        : undefined,
    [devices.data, locations.data, problemsOnly],
  );
  return {
    fleet,
    total: devices.data?.total ?? 0,
    read: devices.data?.rows.length ?? 0,
    error: devices.error ?? locations.error,
    updatedAt: devices.dataUpdatedAt,
    isLoading: devices.isPending || locations.isPending,
  };
}
