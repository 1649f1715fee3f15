import { criticalEpisodesResource, emptyingsResource, serviceSessionsResource } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { criticalEpisodeColumns, emptyingColumns, serviceSessionColumns } from './device-history.queries.ts';
import { criticalEpisodesService, emptyingsService, serviceSessionsService } from './device-history.service.ts';

/** Service-mode, critical and discharge history of devices: read-only, written by ingestion. */
export function deviceHistoryRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: serviceSessionsResource,
    columns: serviceSessionColumns,
    service: serviceSessionsService(deps.db),
  });
  registerCrud(app, deps, {
    resource: criticalEpisodesResource,
    columns: criticalEpisodeColumns,
    service: criticalEpisodesService(deps.db),
  });
  registerCrud(app, deps, {
    resource: emptyingsResource,
    columns: emptyingColumns,
    service: emptyingsService(deps.db),
  });
}
