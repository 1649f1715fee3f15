import { cardHoldersResource } from '@kovanica/contract';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { cardHolderColumns } from './card-holders.queries.ts';
import { cardHoldersService } from './card-holders.service.ts';

export function cardHoldersRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: cardHoldersResource,
    columns: cardHolderColumns,
    service: cardHoldersService(deps.db),
  });
}
