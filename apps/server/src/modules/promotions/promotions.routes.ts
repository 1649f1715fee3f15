import { promotionsResource } from '@kovanica/contract';
import { promotions } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { promotionsService } from './promotions.service.ts';

export function promotionsRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, { resource: promotionsResource, table: promotions, service: promotionsService(deps.db) });
}
