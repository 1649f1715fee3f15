import { PLAUSIBILITY, type ProblemCode, type TelemetryAnswer, type TelemetryEvent } from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { criticalEpisodes, deviceState, devices, loggers, telemetryHeldEvents, telemetryHolds } from '../../db/schema/index.ts';
import type { FiscalKeys } from '../../fiscal/keys.ts';
import { type AuditActor, recordChange } from '../audit-log/audit-log.service.ts';
import { ingestReleased } from '../telemetry/telemetry.service.ts';

// A person's decision on a batch held as implausible (docs/rules.md "Plausibility"): release it (its
// events are counted then, as a late batch) or discard it (they stay held, counted nowhere, and a
// resend of them is still a duplicate). Either way the device's `implausible` critical state ends
// once none of its batches is held any more. The routes (telemetry-holds.routes.ts) bump what the
// batch route bumps and wake the fiscal sweep for the bills a release issued.

/**
 * Who decides, and why: `by` is recorded as the decider (a user's id on the hold) and in the audit
 * trail in the decision's transaction; null for the server's own code (tests), which records neither.
 */
export interface HoldDecision {
  by: AuditActor | null;
  note?: string | null;
}

type HoldRow = typeof telemetryHolds.$inferSelect;

/** Marks the hold decided and records it in the audit trail, in the decision's transaction. */
async function decide(tx: Tx, hold: HoldRow, status: 'released' | 'discarded', decision: HoldDecision, now: Date) {
  const by = decision.by;
  const decidedById = by && 'actor' in by ? by.actor.userId : null;
  const [after] = await tx
    .update(telemetryHolds)
    .set({ status, decidedAt: now, decidedById, decisionNote: decision.note || null })
    .where(eq(telemetryHolds.id, hold.id))
    .returning();
  if (by)
    await recordChange(tx, by, {
      resource: 'telemetry-holds',
      recordId: hold.id,
      companyId: hold.companyId,
      action: status === 'released' ? 'release' : 'discard',
      before: hold,
      after,
      at: now,
    });
}

/**
 * Why a decision was not taken, as the problem code a route answers it with (messages.ts): the batch
 * is no longer held (decided already), or its logger is fitted to another device now.
 */
export type HoldRefusal = Extract<ProblemCode, 'hold_decided' | 'hold_moved'>;

/**
 * Takes the hold's logger's lock (the lock a batch of that logger holds while it is written), then the
 * hold itself: a decision and a batch of the same logger do not interleave, nor do two decisions.
 */
async function lockHold(tx: Tx, holdId: number) {
  const [first] = await tx.select({ loggerId: telemetryHolds.loggerId }).from(telemetryHolds).where(eq(telemetryHolds.id, holdId));
  if (!first) return null;
  await tx.execute(sql`select 1 from loggers where id = ${first.loggerId} for no key update`);
  const [hold] = await tx.select().from(telemetryHolds).where(eq(telemetryHolds.id, holdId)).for('update');
  return hold && hold.status === 'held' ? hold : null;
}

/** Ends the device's `implausible` critical state and its episode at `at`, when no batch of it is held any more. */
async function settleFlag(tx: Tx, deviceId: number, at: Date) {
  const iso = at.toISOString();
  await tx.execute(sql`
    with cleared as (
      update ${deviceState} set critical = false, critical_code = null, critical_since = null
      where device_id = ${deviceId} and critical and critical_code = ${PLAUSIBILITY.code}
        and not exists (select 1 from ${telemetryHolds} h where h.device_id = ${deviceId} and h.status = 'held')
      returning device_id)
    update ${criticalEpisodes} set ended_at = ${iso}::timestamptz
    where device_id in (select device_id from cleared) and ended_at is null and code = ${PLAUSIBILITY.code}`);
}

/**
 * Releases a held batch: its events are ingested as they came (`ingestReleased`: the receipt time of
 * the batch, bills, card debits; applied in time order where they belong, as a late batch), and the
 * hold records who released it and when. Refused when the batch is not held, or when its logger is no
 * longer fitted to the device it was held for (it would be counted for another device).
 */
export async function releaseHold(
  db: Db,
  keys: FiscalKeys,
  holdId: number,
  decision: HoldDecision = { by: null },
  now = new Date(),
): Promise<TelemetryAnswer | HoldRefusal> {
  return db.transaction(async (tx) => {
    const hold = await lockHold(tx, holdId);
    if (!hold) return 'hold_decided';
    const [fitted] = await tx
      .select({ deviceId: devices.id, companyId: loggers.companyId })
      .from(loggers)
      .leftJoin(devices, eq(devices.loggerId, loggers.id))
      .where(eq(loggers.id, hold.loggerId));
    if (fitted?.deviceId !== hold.deviceId) return 'hold_moved';
    await decide(tx, hold, 'released', decision, now);
    const rows = await tx
      .delete(telemetryHeldEvents)
      .where(eq(telemetryHeldEvents.holdId, hold.id))
      .returning({ seq: telemetryHeldEvents.seq, event: telemetryHeldEvents.event });
    const events: TelemetryEvent[] = rows.sort((a, b) => a.seq - b.seq).map((r) => r.event);
    const answer = await ingestReleased(tx, keys, { id: hold.loggerId, companyId: fitted.companyId }, events, hold.receivedAt, now);
    await settleFlag(tx, hold.deviceId, now);
    return answer;
  });
}

/**
 * Discards a held batch: its events stay where they are, counted nowhere (a resend of them is still
 * a duplicate), and the hold records who discarded it and when.
 */
export async function discardHold(
  db: Db,
  holdId: number,
  decision: HoldDecision = { by: null },
  now = new Date(),
): Promise<'discarded' | HoldRefusal> {
  return db.transaction(async (tx) => {
    const hold = await lockHold(tx, holdId);
    if (!hold) return 'hold_decided';
    await decide(tx, hold, 'discarded', decision, now);
    await settleFlag(tx, hold.deviceId, now);
    return 'discarded';
  });
}
