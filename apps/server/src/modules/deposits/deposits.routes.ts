import {
  depositItem,
  depositPatch,
  depositsResource,
  depositVerification,
  depositVerificationAnswer,
  MERGE_PATCH,
  problemSchema,
} from '@kovanica/contract';
import { notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { isEmptyPatch } from '../../http/empty-patch.ts';
import { depositColumns } from './deposits.queries.ts';
import { depositsService } from './deposits.service.ts';

/**
 * Deposits: listed and read like any resource; counted by workers (with their note), verified by
 * managers and accountants (with a verification note of their own, needed past the tolerance).
 */
export function depositsRoutes(app: Api, deps: Deps) {
  const service = depositsService(deps.db);
  registerCrud(app, deps, {
    resource: depositsResource,
    columns: depositColumns,
    service,
  });

  app.route({
    method: 'PATCH',
    url: '/api/v2/deposits/:id',
    config: { permission: 'deposits.create' },
    schema: {
      tags: ['deposits'],
      summary: `What was counted and handed in (${MERGE_PATCH}); a verified deposit answers 409`,
      params: idParams,
      body: depositPatch,
      response: { 200: depositItem, 404: problemSchema, 409: problemSchema, 415: problemSchema, 422: problemSchema },
    },
    handler: async (request) => {
      const { id } = request.params;
      if (isEmptyPatch(request.body)) {
        const unchanged = await service.get(contextOf(request), id);
        if (!unchanged) throw notFound();
        return unchanged;
      }
      const deposit = await service.report(contextOf(request), id, request.body);
      deps.versions.bump('deposits');
      if (!deposit) throw notFound();
      return deposit;
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v2/deposits/verify',
    config: { permission: 'deposits.verify' },
    schema: {
      tags: ['deposits'],
      summary: 'Verify one or many deposits at once: all or none',
      body: depositVerification,
      response: { 200: depositVerificationAnswer, 422: problemSchema },
    },
    handler: async (request) => {
      const verified = await service.verify(contextOf(request), request.body);
      deps.versions.bump('deposits');
      // A difference accepted ends its alarm.
      deps.wake('alarm-sweep');
      return { verified };
    },
  });
}
