import { billAttemptsResource, billsResource } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { billAttemptColumns, billColumns } from './bills.queries.ts';
import { billAttemptsService, billsService } from './bills.service.ts';

/** Bills and their sends to CIS: read like any resource (the `bills` module). */
export function billsRoutes(app: FastifyInstance, deps: Deps) {
  registerCrud(app, deps, { resource: billsResource, columns: billColumns, service: billsService(deps.db) });
  registerCrud(app, deps, { resource: billAttemptsResource, columns: billAttemptColumns, service: billAttemptsService(deps.db) });
}
