import { promoBoxesResource } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { promoBoxColumns } from './promo-boxes.queries.ts';
import { promoBoxesService } from './promo-boxes.service.ts';

export function promoBoxesRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: promoBoxesResource,
    columns: promoBoxColumns,
    service: promoBoxesService(deps.db),
  });
}
