import { lessorsResource } from '@kovanica/contract';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { lessorColumns } from './lessors.queries.ts';
import { lessorsService } from './lessors.service.ts';

export function lessorsRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: lessorsResource,
    columns: lessorColumns,
    service: lessorsService(deps.db),
  });
}
