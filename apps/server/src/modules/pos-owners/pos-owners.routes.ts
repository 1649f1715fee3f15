import { posOwnersResource } from '@kovanica/contract';
import { posOwners } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { posOwnersService } from './pos-owners.service.ts';

export function posOwnersRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, { resource: posOwnersResource, table: posOwners, service: posOwnersService(deps.db) });
}
