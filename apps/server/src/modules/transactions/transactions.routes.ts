import { transactionsResource } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { transactionColumns } from './transactions.queries.ts';
import { transactionsService } from './transactions.service.ts';

export function transactionsRoutes(app: FastifyInstance, deps: Deps) {
  registerCrud(app, deps, {
    resource: transactionsResource,
    columns: transactionColumns,
    service: transactionsService(deps.db),
  });
}
