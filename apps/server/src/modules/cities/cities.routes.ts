import { citiesResource } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { cities } from '../../db/schema/index.ts';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { citiesService } from './cities.service.ts';

export function citiesRoutes(app: FastifyInstance, deps: Deps) {
  registerCrud(app, deps, {
    resource: citiesResource,
    table: cities,
    service: citiesService(deps.db),
  });
}
