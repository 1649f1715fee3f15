import { iri, maintenanceResource } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { maintenanceColumns } from './maintenance.queries.ts';
import { maintenanceService } from './maintenance.service.ts';

/**
 * Maintenance records: per device (`?device=`) and over a date range (`?date[after]=…`), as the legacy app's
 * devices-maintenance screens list them.
 */
export function maintenanceRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: maintenanceResource,
    columns: maintenanceColumns,
    service: maintenanceService(deps.db),
    // A record is one's own when one did the work (a new one names its recorder unless told otherwise).
    owned: (row, userId) => row.performedBy === undefined || row.performedBy === iri('users', userId),
  });
}
