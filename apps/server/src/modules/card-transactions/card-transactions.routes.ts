import { cardTransactionsResource } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { cardTransactionColumns } from './card-transactions.queries.ts';
import { cardTransactionsService } from './card-transactions.service.ts';

export function cardTransactionsRoutes(app: FastifyInstance, deps: Deps) {
  registerCrud(app, deps, {
    resource: cardTransactionsResource,
    columns: cardTransactionColumns,
    service: cardTransactionsService(deps.db),
  });
}
