import { locationsResource } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { locationColumns } from './locations.queries.ts';
import { locationsService } from './locations.service.ts';

export function locationsRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: locationsResource,
    columns: locationColumns,
    service: locationsService(deps.db),
  });
}
