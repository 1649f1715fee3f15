import { lessorsResource } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { lessorColumns } from './lessors.queries.ts';
import { lessorsService } from './lessors.service.ts';

export function lessorsRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: lessorsResource,
    columns: lessorColumns,
    service: lessorsService(deps.db),
  });
}
