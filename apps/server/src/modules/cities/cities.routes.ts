import { citiesResource } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { cityColumns } from './cities.queries.ts';
import { citiesService } from './cities.service.ts';

export function citiesRoutes(app: FastifyInstance, deps: Deps) {
  registerCrud(app, deps, {
    resource: citiesResource,
    columns: cityColumns,
    service: citiesService(deps.db),
  });
}
