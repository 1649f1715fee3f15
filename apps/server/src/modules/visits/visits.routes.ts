import {
  problemSchema,
  stopDoneProblem,
  visitProposal,
  visitProposalQuery,
  visitStop,
  visitStopDone,
  visitsResource,
} from '@kovanica/contract';
import { z } from 'zod';
import { DomainError, notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { IDEMPOTENCY_KEY_MAX } from '../../http/idempotency.ts';
import { visitColumns } from './visits.queries.ts';
import { visitsService } from './visits.service.ts';

const stopParams = idParams.extend({
  stopId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .transform(Number)
    .describe('The stop’s id within the visit'),
});

/**
 * Visits (docs/rules.md "Visits"): the day's proposal of the devices due, the collection rounds planned
 * from it (listed, read, created, reassigned, deleted like any resource; a worker sees their own), and
 * a stop done, which records the device's emptying and opens its deposit.
 */
export function visitsRoutes(app: Api, deps: Deps) {
  const service = visitsService(deps.db);

  app.route({
    method: 'GET',
    url: '/api/v2/visits/proposal',
    config: { permission: 'visits.create', component: visitsResource.component },
    schema: {
      tags: ['visits'],
      summary: 'The devices due on a Zagreb day by the company’s rule, in route order from its depot; nothing is stored',
      querystring: visitProposalQuery,
      response: { 200: visitProposal, 400: problemSchema, 422: problemSchema },
    },
    handler: (request) => service.proposal(contextOf(request), request.query),
  });

  registerCrud(app, deps, { resource: visitsResource, columns: visitColumns, service });

  app.route({
    method: 'POST',
    url: '/api/v2/visits/:id/stops/:stopId/done',
    config: { permission: 'visits.work', component: visitsResource.component },
    schema: {
      tags: ['visits'],
      summary:
        'A stop done (or skipped): records the device’s emptying now and opens its deposit, unless its logger reported one today; with `count`, reports what was counted into that deposit in the same step. Needs an Idempotency-Key header: the same key answers the same again',
      params: stopParams,
      headers: z.object({
        'idempotency-key': z
          .string()
          .optional()
          .describe('Required: 1 to 200 characters the client makes once per action (a UUID); the same key again answers the same'),
      }),
      body: visitStopDone,
      response: { 200: visitStop, 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: stopDoneProblem, 422: problemSchema },
    },
    handler: async (request) => {
      const key = request.headers['idempotency-key']?.trim() ?? '';
      if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX) {
        // A visit the caller may not reach is not found, key or none.
        if (!(await service.get(contextOf(request), request.params.id))) throw notFound();
        throw new DomainError(400, 'idempotency_key_required');
      }
      try {
        const answer = await service.done(contextOf(request), request.params.id, request.params.stopId, request.body, key);
        if (!answer) throw notFound();
        return answer.stop;
      } finally {
        deps.versions.bump('visits');
        for (const other of visitsResource.invalidates ?? []) deps.versions.bump(other);
        deps.versions.bump('emptyings');
        deps.wake('alarm-sweep', request.id);
      }
    },
  });
}
