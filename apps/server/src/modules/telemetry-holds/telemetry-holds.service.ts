import { identity, iri, type TelemetryHold, type TelemetryHoldDecision } from '@kovanica/contract';
import type { RequestContext } from '../../core/context.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { telemetryHolds } from '../../db/schema/index.ts';
import type { FiscalKeys } from '../../fiscal/keys.ts';
import { discardHold, type HoldRefusal, releaseHold } from './telemetry-holds.decisions.ts';
import { telemetryHoldExtras } from './telemetry-holds.queries.ts';

/** A person's decision on a held batch, from the server's own code (tests, fixtures). */
export { discardHold, type HoldDecision, type HoldRefusal, releaseHold } from './telemetry-holds.decisions.ts';

/** What a decision answers: the hold as it is now, or why it was not taken; null when the hold is not the caller's to see. */
type Decided = TelemetryHold | HoldRefusal | null;

export interface TelemetryHoldsService extends Pick<CrudService<TelemetryHold, never, never>, 'list' | 'get'> {
  /** Counts the held batch after all, as a late batch of its receipt time (docs/rules.md "Plausibility"). */
  release(ctx: RequestContext, id: number, input: TelemetryHoldDecision): Promise<Decided>;
  /** Keeps the held batch out of every figure for good. */
  discard(ctx: RequestContext, id: number, input: TelemetryHoldDecision): Promise<Decided>;
}

/** Batches held as implausible for their device: listed, read, and decided once by a manager. */
export function telemetryHoldsService(db: Db, keys: FiscalKeys): TelemetryHoldsService {
  const reads = tableReads(db, telemetryHolds, {
    company: telemetryHolds.companyId,
    extras: telemetryHoldExtras,
    toItem: (row): TelemetryHold => ({
      ...identity('telemetry-holds', 'TelemetryHold', row.id),
      company: iri('companies', row.companyId),
      device: iri('devices', row.deviceId),
      deviceName: row.deviceName,
      logger: iri('loggers', row.loggerId),
      loggerImei: row.loggerImei,
      receivedAt: row.receivedAt.toISOString(),
      rule: row.rule,
      seq: row.seq,
      valueCents: row.valueCents,
      limitCents: row.limitCents,
      events: row.events,
      amountCents: row.amountCents,
      status: row.status,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decidedBy: row.decidedById === null ? null : iri('users', row.decidedById),
      decidedByName: row.decidedByName,
      decisionNote: row.decisionNote,
    }),
  });

  /** Takes the decision on a hold the caller may see, and answers the hold as it is after it. */
  async function decided(ctx: RequestContext, id: number, take: () => Promise<unknown>): Promise<Decided> {
    if (!(await reads.find(ctx, id))) return null;
    const outcome = await take();
    if (outcome === 'hold_decided' || outcome === 'hold_moved') return outcome;
    return reads.get(ctx, id);
  }

  return {
    list: reads.list,
    get: reads.get,
    release: (ctx, id, input) => decided(ctx, id, () => releaseHold(db, keys, id, { by: ctx, note: input.note })),
    discard: (ctx, id, input) => decided(ctx, id, () => discardHold(db, id, { by: ctx, note: input.note })),
  };
}
