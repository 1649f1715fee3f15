import { collectionOf, criticalEpisodeItem, emptyingItem, placementItem, serviceSessionItem } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { resourceApi } from '../../lib/resource-api.ts';
import { devicesApi } from '../../lib/resources.ts';

/** Read-only histories that ingestion derives from the loggers' events; never written from a form. */
export const serviceSessionsApi = resourceApi<typeof serviceSessionItem, never>('service-sessions', serviceSessionItem);
export const criticalEpisodesApi = resourceApi<typeof criticalEpisodeItem, never>('critical-episodes', criticalEpisodeItem);
export const emptyingsApi = resourceApi<typeof emptyingItem, never>('emptyings', emptyingItem);

const placements = collectionOf(placementItem);

/**
 * A device's stays at locations, newest first. The key is the one the device form uses for the same
 * history, under the device's detail, so a device write (a move) refreshes both screens.
 */
export const placementsQuery = (id: number) =>
  queryOptions({
    queryKey: [devicesApi.name, 'detail', id, 'placements'] as const,
    queryFn: ({ signal }) => apiRequest(`/devices/${id}/placements`, { query: { itemsPerPage: 200 }, schema: placements, signal }),
  });
