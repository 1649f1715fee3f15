import { locationsResource } from '@kovanica/contract';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { locationColumns } from './locations.queries.ts';
import { locationsService } from './locations.service.ts';

export function locationsRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: locationsResource,
    columns: locationColumns,
    service: locationsService(deps.db),
  });
}
