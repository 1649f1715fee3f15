import { citiesResource } from '@kovanica/contract';
import { cities } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { citiesService } from './cities.service.ts';

export function citiesRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: citiesResource,
    table: cities,
    service: citiesService(deps.db),
  });
}
