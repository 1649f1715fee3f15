import { cardHoldersResource } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { cardHolderColumns } from './card-holders.queries.ts';
import { cardHoldersService } from './card-holders.service.ts';

export function cardHoldersRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: cardHoldersResource,
    columns: cardHolderColumns,
    service: cardHoldersService(deps.db),
  });
}
