import { cardTransactionsResource } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { cardTransactionColumns } from './card-transactions.queries.ts';
import { cardTransactionsService } from './card-transactions.service.ts';

export function cardTransactionsRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: cardTransactionsResource,
    columns: cardTransactionColumns,
    service: cardTransactionsService(deps.db),
  });
}
