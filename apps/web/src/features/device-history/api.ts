import { criticalEpisodeItem, emptyingItem, serviceSessionItem } from '@kovanica/contract';
import { resourceApi } from '../../lib/resource-api.ts';

/** Read-only histories that ingestion derives from the loggers' events; never written from a form. */
export const serviceSessionsApi = resourceApi<typeof serviceSessionItem, never>('service-sessions', serviceSessionItem);
export const criticalEpisodesApi = resourceApi<typeof criticalEpisodeItem, never>('critical-episodes', criticalEpisodeItem);
export const emptyingsApi = resourceApi<typeof emptyingItem, never>('emptyings', emptyingItem);
