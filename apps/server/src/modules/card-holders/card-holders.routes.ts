import { cardHoldersResource } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { cardHolderColumns } from './card-holders.queries.ts';
import { cardHoldersService } from './card-holders.service.ts';

export function cardHoldersRoutes(app: FastifyInstance, deps: Deps) {
  registerCrud(app, deps, {
    resource: cardHoldersResource,
    columns: cardHolderColumns,
    service: cardHoldersService(deps.db),
  });
}
