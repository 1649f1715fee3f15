import { problemSchema, telemetryHoldDecision, telemetryHoldItem, telemetryHoldsResource } from '@kovanica/contract';
import { DomainError, notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { telemetryHoldColumns } from './telemetry-holds.queries.ts';
import { telemetryHoldsService } from './telemetry-holds.service.ts';

/**
 * Batches held as implausible (docs/rules.md "Plausibility"): listed and read like any resource, and
 * decided once, released into the figures or discarded, by a role with `telemetry-holds.decide`.
 */
export function telemetryHoldsRoutes(app: Api, deps: Deps) {
  const service = telemetryHoldsService(deps.db, deps.fiscalKeys);
  registerCrud(app, deps, { resource: telemetryHoldsResource, columns: telemetryHoldColumns, service });

  const decision = (action: 'release' | 'discard', summary: string) =>
    app.route({
      method: 'POST',
      url: `/api/v2/telemetry-holds/:id/${action}`,
      config: { permission: 'telemetry-holds.decide' },
      schema: {
        tags: ['telemetry-holds'],
        summary,
        params: idParams,
        // A note is optional: no body at all will do.
        body: telemetryHoldDecision.nullish(),
        response: { 200: telemetryHoldItem, 404: problemSchema, 409: problemSchema, 422: problemSchema },
      },
      handler: async (request) => {
        const { id } = request.params;
        const input = request.body ?? {};
        const ctx = contextOf(request);
        let done: Awaited<ReturnType<typeof service.release>>;
        try {
          done = action === 'release' ? await service.release(ctx, id, input) : await service.discard(ctx, id, input);
        } finally {
          // Whatever the outcome, as the standard writes do: the hold, the device's state, and what a
          // release counts (the resource's `invalidates`).
          deps.versions.bump('telemetry-holds');
          for (const other of telemetryHoldsResource.invalidates ?? []) deps.versions.bump(other);
        }
        if (done === null) throw notFound();
        if (typeof done === 'string') throw new DomainError(409, done);
        // The bills a release issued go to CIS now rather than at the next minute.
        if (action === 'release') deps.wake('fiscal-sweep', ctx.requestId ?? undefined);
        return done;
      },
    });

  decision(
    'release',
    'Count a held batch after all, as a late batch of its receipt time (bills, card debits, the box); once (409 after), and not when its logger is fitted to another device now (409)',
  );
  decision('discard', 'Keep a held batch out of every figure for good; once (409 after)');
}
