import { locationCreate, locationItem, locationPatch, locationsCollection } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { locationColumns } from './locations.queries.ts';
import { locationsService } from './locations.service.ts';

export function locationsRoutes(app: FastifyInstance, deps: Deps) {
  registerCrud(app, deps, {
    name: 'locations',
    item: locationItem,
    create: locationCreate,
    patch: locationPatch,
    collection: locationsCollection,
    columns: locationColumns,
    service: locationsService(deps.db),
    reads: ['cities', 'lessors', 'users', 'devices'],
  });
}
