import { loyaltyCardsResource } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { loyaltyCardColumns } from './loyalty-cards.queries.ts';
import { loyaltyCardsService } from './loyalty-cards.service.ts';

export function loyaltyCardsRoutes(app: FastifyInstance, deps: Deps) {
  registerCrud(app, deps, {
    resource: loyaltyCardsResource,
    columns: loyaltyCardColumns,
    service: loyaltyCardsService(deps.db),
  });
}
