import {
  depositChangedProblem,
  depositETag,
  depositItem,
  depositPatch,
  depositsResource,
  depositVerification,
  depositVerificationAnswer,
  MERGE_PATCH,
  problemSchema,
} from '@kovanica/contract';
import { z } from 'zod';
import { notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { isEmptyPatch } from '../../http/empty-patch.ts';
import { idempotencyKeyOf } from '../../http/idempotency.ts';
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
    etag: depositETag,
  });

  app.route({
    method: 'PATCH',
    url: '/api/v2/deposits/:id',
    config: { permission: 'deposits.create' },
    schema: {
      tags: ['deposits'],
      summary: `What was counted and handed in (${MERGE_PATCH}); a verified deposit answers 409. Optional If-Match (its ETag: another answers 412) and Idempotency-Key (the key of the count stored answers the deposit as it is, nothing written)`,
      params: idParams,
      headers: z.object({
        'if-match': z
          .string()
          .optional()
          .describe('The deposit’s ETag as read (GET or a count’s answer); if it changed since, 412 deposit_changed and nothing written'),
        'idempotency-key': z
          .string()
          .optional()
          .describe(
            '1 to 200 characters the client makes once per count (a UUID): the same key as the count stored answers 200, nothing written',
          ),
      }),
      body: depositPatch,
      response: {
        200: depositItem,
        400: problemSchema,
        404: problemSchema,
        409: problemSchema,
        412: depositChangedProblem,
        415: problemSchema,
        422: problemSchema,
      },
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const ifMatch = request.headers['if-match']?.trim() || undefined;
      if (isEmptyPatch(request.body)) {
        const unchanged = await service.get(contextOf(request), id);
        if (!unchanged) throw notFound();
        reply.header('etag', depositETag(unchanged));
        return unchanged;
      }
      try {
        const answer = await service.report(contextOf(request), id, request.body, { key, ifMatch });
        if (!answer) throw notFound();
        reply.header('etag', depositETag(answer.deposit));
        return answer.deposit;
      } finally {
        deps.versions.bump('deposits');
      }
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
      deps.wake('alarm-sweep', request.id);
      return { verified };
    },
  });
}
