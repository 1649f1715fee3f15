import { transactionsResource } from '@kovanica/contract';
import type { Api } from '../../http/api.ts';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { transactionColumns } from './transactions.queries.ts';
import { transactionsService } from './transactions.service.ts';

export function transactionsRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: transactionsResource,
    columns: transactionColumns,
    service: transactionsService(deps.db),
  });
}
