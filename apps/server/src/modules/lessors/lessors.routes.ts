import { lessorsResource } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { lessorColumns } from './lessors.queries.ts';
import { lessorsService } from './lessors.service.ts';

export function lessorsRoutes(app: FastifyInstance, deps: Deps) {
  registerCrud(app, deps, {
    resource: lessorsResource,
    columns: lessorColumns,
    service: lessorsService(deps.db),
  });
}
