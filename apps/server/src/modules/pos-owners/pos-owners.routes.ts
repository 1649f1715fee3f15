import { posOwnersResource } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { posOwners } from '../../db/schema/index.ts';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { posOwnersService } from './pos-owners.service.ts';

export function posOwnersRoutes(app: FastifyInstance, deps: Deps) {
  registerCrud(app, deps, { resource: posOwnersResource, table: posOwners, service: posOwnersService(deps.db) });
}
