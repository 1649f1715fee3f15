import { locationsResource } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { locationColumns } from './locations.queries.ts';
import { locationsService } from './locations.service.ts';

export function locationsRoutes(app: FastifyInstance, deps: Deps) {
  registerCrud(app, deps, {
    resource: locationsResource,
    columns: locationColumns,
    service: locationsService(deps.db),
  });
}
