import {
  criticalEpisodeItem,
  criticalEpisodesCollection,
  emptyingItem,
  emptyingsCollection,
  serviceSessionItem,
  serviceSessionsCollection,
} from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { criticalEpisodeColumns, emptyingColumns, serviceSessionColumns } from './device-history.queries.ts';
import { criticalEpisodesService, emptyingsService, serviceSessionsService } from './device-history.service.ts';

/** Service-mode, critical and discharge history of devices: read-only, written by ingestion. */
export function deviceHistoryRoutes(app: FastifyInstance, deps: Deps) {
  const reads = ['telemetry', 'devices', 'locations'];
  registerCrud(app, deps, {
    name: 'service-sessions',
    item: serviceSessionItem,
    collection: serviceSessionsCollection,
    columns: serviceSessionColumns,
    service: serviceSessionsService(deps.db),
    reads,
  });
  registerCrud(app, deps, {
    name: 'critical-episodes',
    item: criticalEpisodeItem,
    collection: criticalEpisodesCollection,
    columns: criticalEpisodeColumns,
    service: criticalEpisodesService(deps.db),
    reads,
  });
  registerCrud(app, deps, {
    name: 'emptyings',
    item: emptyingItem,
    collection: emptyingsCollection,
    columns: emptyingColumns,
    service: emptyingsService(deps.db),
    reads,
  });
}
