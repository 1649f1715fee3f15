import { monthCloseInput, monthCloseItem, monthCloses, monthClosesQuery, monthReopenInput, problemSchema } from '@kovanica/contract';
import { notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams } from '../../http/crud.ts';
import { closeMonth, listMonths, refusal, reopenMonth } from './month-closes.service.ts';

/** Month close (docs/rules.md "Month close"): a company's months, closed by accountants, reopened by managers. */
export function monthClosesRoutes(app: Api, deps: Deps) {
  /** What a close or reopening changes: every report of the month's money reads the closes. */
  const bump = () => {
    for (const resource of ['month-closes', 'telemetry', 'deposits'] as const) deps.versions.bump(resource);
  };

  app.route({
    method: 'GET',
    url: '/api/v2/month-closes',
    config: { permission: 'month-closes.read' },
    schema: {
      tags: ['month-closes'],
      summary:
        "A company's months, newest first: open, closed or current, what still waits in each, who closed or reopened it, and the money counted across a closed month's edge",
      querystring: monthClosesQuery,
      response: { 200: monthCloses, 400: problemSchema, 404: problemSchema },
    },
    handler: (request) => listMonths(deps.db, contextOf(request), request.query),
  });

  app.route({
    method: 'POST',
    url: '/api/v2/month-closes',
    config: { permission: 'month-closes.close' },
    schema: {
      tags: ['month-closes'],
      summary:
        'Close a past month of a company: refused (409) while a month before it is open or deposits, bills or held telemetry of it wait',
      body: monthCloseInput,
      response: { 201: monthCloseItem, 400: problemSchema, 404: problemSchema, 409: problemSchema, 422: problemSchema },
    },
    handler: async (request, reply) => {
      const done = await closeMonth(deps.db, contextOf(request), request.body);
      if (typeof done === 'string') throw refusal(done);
      bump();
      return reply.status(201).send(done);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v2/month-closes/:id/reopen',
    config: { permission: 'month-closes.reopen' },
    schema: {
      tags: ['month-closes'],
      summary: 'Reopen the last closed month of a company, with a reason (10 to 500 characters) kept in the audit trail',
      params: idParams,
      body: monthReopenInput,
      response: { 200: monthCloseItem, 400: problemSchema, 404: problemSchema, 409: problemSchema, 422: problemSchema },
    },
    handler: async (request) => {
      const done = await reopenMonth(deps.db, contextOf(request), request.params.id, request.body);
      if (done === null) throw notFound();
      if (typeof done === 'string') throw refusal(done);
      bump();
      return done;
    },
  });
}
