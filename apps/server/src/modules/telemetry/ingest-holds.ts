import { PLAUSIBILITY } from '@kovanica/contract';
import { type SQL, sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/arrays.ts';
import type { Tx } from '../../db/client.ts';
import { isPayment, measure } from './ingest-classify.ts';
import { type DeviceScope, type IngestContext, type IngestLogger, initialState, type StateRow, type Timed } from './ingest-context.ts';
import { clearAlarm, raiseAlarm } from './ingest-episodes.ts';
import type { Implausible } from './ingest-plausibility.ts';
import { upsertState } from './ingest-writes.ts';

// A batch held as implausible (docs/rules.md "Plausibility"): its events are kept as they came, in a
// table of their own, and nothing is derived from them; the device turns critical (`implausible`).

/**
 * Makes the device critical with the plausibility code when it has a held batch and is not critical
 * already (an alarm's episode is not cut short; when its code is cleared, the next batch raises this
 * one). Answers whether it did.
 */
export async function flagHeld(tx: Tx, scope: DeviceScope, state: StateRow, at: Date): Promise<boolean> {
  if (state.critical) return false;
  await raiseAlarm(tx, scope, state, at, PLAUSIBILITY.code, false);
  return true;
}

/**
 * A device's own critical alarm takes the place of the plausibility flag: the flag's episode ends where
 * the alarm begins (episodes do not overlap), so an alarm coming while a batch waits for a person is
 * not lost; once it is cleared, the batch's end raises the flag again (`settleHeldFlag`).
 */
export async function yieldToAlarm(tx: Tx, scope: DeviceScope, state: StateRow, at: Date) {
  if (state.critical && state.criticalCode === PLAUSIBILITY.code) await clearAlarm(tx, scope, state, at, PLAUSIBILITY.code, false);
}

/**
 * Keeps the device's plausibility flag true to its held batches at the end of a batch: raised while
 * one is held (a logger clearing the code gets it back), ended when none is (a decision taken while
 * another logger's batch of the device was being written, or a logger raising the code itself).
 */
export async function settleHeldFlag(tx: Tx, scope: DeviceScope, state: StateRow, held: boolean, at: Date) {
  if (held) await flagHeld(tx, scope, state, at);
  else if (state.critical && state.criticalCode === PLAUSIBILITY.code) await clearAlarm(tx, scope, state, at, PLAUSIBILITY.code, false);
}

/**
 * The writes of a held batch (CTEs of the batch's one write statement): the hold with why it was held,
 * its events as the logger sent them, and the device's state, critical from the receipt on. The logger
 * is seen and its commands delivered as for any batch: it works, its money is what is in doubt.
 */
export async function holdBatch(
  tx: Tx,
  logger: IngestLogger,
  context: IngestContext & { device: NonNullable<IngestContext['device']> },
  fresh: readonly Timed[],
  implausible: Implausible,
  receivedAt: Date,
): Promise<SQL[]> {
  const { device } = context;
  const scope: DeviceScope = { companyId: logger.companyId, deviceId: device.id };
  const state = context.state ?? initialState(device.id, logger.companyId);
  await flagHeld(tx, scope, state, receivedAt);
  let amountCents = 0;
  for (const t of fresh) if (isPayment(t.event.type)) amountCents += measure(t.event, device.tokenValueCents).amountCents;
  return [
    sql`hold as (insert into telemetry_holds (company_id, device_id, logger_id, received_at, rule, seq, value_cents, limit_cents, events, amount_cents)
      values (${logger.companyId}::int, ${device.id}::int, ${logger.id}::int, ${receivedAt.toISOString()}::timestamptz, ${implausible.rule}::text,
        ${implausible.seq}::bigint, ${implausible.valueCents}::bigint, ${implausible.limitCents}::bigint, ${fresh.length}::int, ${amountCents}::bigint)
      returning id)`,
    sql`held as (insert into telemetry_held_events (hold_id, logger_id, seq, at, reported_at, event)
      select (select id from hold), ${logger.id}::int, e.s, e.a, e.r, e.d
      from unnest(${arrayLiteral(fresh.map((t) => t.event.seq))}::bigint[], ${arrayLiteral(fresh.map((t) => t.at.toISOString()))}::timestamptz[],
        ${arrayLiteral(fresh.map((t) => t.reportedAt?.toISOString() ?? null))}::timestamptz[], ${arrayLiteral(fresh.map((t) => t.event))}::jsonb[]) as e(s, a, r, d))`,
    upsertState(state),
  ];
}
