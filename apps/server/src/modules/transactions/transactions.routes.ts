import { transactionsResource } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import { transactionColumns } from './transactions.queries.ts';
import { transactionsService } from './transactions.service.ts';

export function transactionsRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: transactionsResource,
    columns: transactionColumns,
    service: transactionsService(deps.db),
  });
}
