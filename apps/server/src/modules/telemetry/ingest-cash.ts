import type { TelemetryEvent } from '@kovanica/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { deviceState, emptyings } from '../../db/schema/index.ts';
import { type DeviceScope, initialState, type StateRow } from './ingest-context.ts';
import { upsertState } from './ingest-writes.ts';

// Cash periods: the box fills with coins, notes and tokens until an emptying closes the period, which
// makes the emptying and its deposit. Late events (older than what was applied) move money between
// periods, and between their deposits while those are not verified.

/** A box contribution of an event older than the last emptying: it belongs to the period that emptying closed. */
export interface LateCash {
  at: string;
  cents: number;
  tokens: number;
}

/**
 * Puts a payment's coins and notes (cents) or tokens into the box (test plays too: the money is in it).
 * Money older than the last emptying was in the box that emptying took: it is answered as late cash for
 * that period instead (`addLateCash`).
 */
export function intoBox(state: StateRow, type: TelemetryEvent['type'], at: Date, amountCents: number, count: number): LateCash | null {
  const cents = type === 'coin' || type === 'note' ? amountCents : 0;
  const tokens = type === 'token' ? count : 0;
  if (!cents && !tokens) return null;
  if (state.lastEmptiedAt !== null && at <= state.lastEmptiedAt) return { at: at.toISOString(), cents, tokens };
  state.boxCents += cents;
  state.boxTokens += tokens;
  return null;
}

/** The box's coins and notes (cents) and tokens from a device's stored events in a time span. */
async function boxBetween(tx: Tx, deviceId: number, after: Date | null, upTo: Date | null) {
  const result = await tx.execute(sql`
    select coalesce(sum(amount_cents) filter (where type in ('coin', 'note')), 0) as cents,
      coalesce(sum(count) filter (where type = 'token'), 0) as tokens
    from telemetry_events where device_id = ${deviceId}
      ${after ? sql`and at > ${after.toISOString()}::timestamptz` : sql``}
      ${upTo ? sql`and at <= ${upTo.toISOString()}::timestamptz` : sql``}`);
  const row = (result as unknown as { rows: { cents: string | number; tokens: string | number }[] }).rows[0];
  return { cents: Number(row?.cents ?? 0), tokens: Number(row?.tokens ?? 0) };
}

/**
 * An emptying and its deposit as the batch writes them (`writeEmptyings`, as JSON: a batch holds a few).
 * The deposit reports what the emptying counted.
 */
export interface EmptyingRow {
  /** location id */
  l: number | null;
  /** at (ISO) */
  a: string;
  /** the period's start (ISO): the emptying before it */
  p: string | null;
  /** coins and notes counted (cents) */
  cc: number;
  /** tokens counted */
  ct: number;
  /** the device's own coin counter (cents) */
  dc: number | null;
  /** the device's own token counter */
  dt: number | null;
  /** the person who recorded it at a visit (absent: its logger reported it) */
  r?: number | null;
}

/**
 * The batch's emptyings and their deposits (a CTE of the write statement, or a statement of its own
 * when something of the batch must read them first: `flushEmptyings`). A deposit takes its emptying's
 * id from the row the insert returns, so no two rows are matched by time.
 */
export function writeEmptyings({ companyId, deviceId }: DeviceScope, rows: readonly EmptyingRow[]): SQL {
  return sql`em as (insert into emptyings (company_id, device_id, location_id, at, period_start, counted_cents, counted_tokens, device_coins_cents, device_tokens, recorded_by_id)
      select ${companyId}::int, ${deviceId}::int, e.l, e.a, e.p, e.cc, e.ct, e.dc, e.dt, e.r
      from json_to_recordset(${JSON.stringify(rows)}::json) as e(l int, a timestamptz, p timestamptz, cc bigint, ct bigint, dc bigint, dt bigint, r int)
      returning id, company_id, device_id, location_id, at, counted_cents, counted_tokens),
    dep as (insert into deposits (company_id, device_id, location_id, emptying_id, at, reported_coins_cents, reported_tokens)
      select company_id, device_id, location_id, id, at, counted_cents, counted_tokens from em returning id, emptying_id)`;
}

/**
 * Writes the emptyings the batch holds back (`pending`, emptied after), before a statement of the
 * batch reads emptyings or deposits: a late emptying, late cash.
 */
export async function flushEmptyings(tx: Tx, scope: DeviceScope, pending: EmptyingRow[]) {
  if (!pending.length) return;
  // A rare statement: not prepared on the connection (`executePrepared` is for the hot ones).
  await tx.execute(sql`with ${writeEmptyings(scope, pending.splice(0))} select 1`);
}

/**
 * An emptying closes the cash period: what telemetry counted since the previous emptying, beside the
 * device's own counters, and the deposit with those reported amounts. A late emptying (events after
 * it were already applied) takes only what came before it; one older than the last emptying takes
 * its share out of the period the next emptying closed (and that deposit, if not yet verified).
 * The emptying and its deposit join `pending`, written with the batch's events (`writeEmptyings`):
 * an emptying is a round trip fewer, and a batch of a month's history holds four or five.
 */
export async function closeCashPeriod(
  tx: Tx,
  scope: DeviceScope,
  state: StateRow,
  at: Date,
  locationId: number | null,
  event: Extract<TelemetryEvent, { type: 'emptying' }>,
  pending: EmptyingRow[],
) {
  const { deviceId } = scope;
  let period: { countedCents: number; countedTokens: number; periodStart: Date | null };
  if (state.lastEmptiedAt !== null && at < state.lastEmptiedAt) {
    // It reads and changes the stored emptyings: the batch's own go first.
    await flushEmptyings(tx, scope, pending);
    const [previous] = await tx
      .select({ at: emptyings.at })
      .from(emptyings)
      .where(and(eq(emptyings.deviceId, deviceId), sql`${emptyings.at} < ${at.toISOString()}::timestamptz`))
      .orderBy(sql`${emptyings.at} desc`)
      .limit(1);
    const start = previous?.at ?? null;
    const taken = await boxBetween(tx, deviceId, start, at);
    period = { countedCents: taken.cents, countedTokens: taken.tokens, periodStart: start };
    await moveFromNextPeriod(tx, deviceId, at, taken);
  } else {
    const late = state.lastEventAt !== null && at < state.lastEventAt;
    // What came after a late emptying stays in the box.
    const after = late ? await boxBetween(tx, deviceId, at, null) : { cents: 0, tokens: 0 };
    period = {
      countedCents: state.boxCents - after.cents,
      countedTokens: state.boxTokens - after.tokens,
      periodStart: state.lastEmptiedAt,
    };
    state.boxCents = after.cents;
    state.boxTokens = after.tokens;
    state.lastEmptiedAt = at;
  }
  pending.push({
    l: locationId,
    a: at.toISOString(),
    p: period.periodStart ? period.periodStart.toISOString() : null,
    cc: period.countedCents,
    ct: period.countedTokens,
    dc: event.coinsCents,
    dt: event.tokens,
  });
}

/** Takes a late emptying's share out of the period of the emptying after it, and its unverified deposit. */
async function moveFromNextPeriod(tx: Tx, deviceId: number, at: Date, taken: { cents: number; tokens: number }) {
  await tx.execute(sql`
    with next as (
      select id from emptyings where device_id = ${deviceId} and at > ${at.toISOString()}::timestamptz order by at limit 1),
    e as (update emptyings set counted_cents = counted_cents - ${taken.cents}, counted_tokens = counted_tokens - ${taken.tokens},
      period_start = ${at.toISOString()}::timestamptz where id in (select id from next))
    update deposits set reported_coins_cents = reported_coins_cents - ${taken.cents}, reported_tokens = reported_tokens - ${taken.tokens}
    where emptying_id in (select id from next) and verified_at is null`);
}

/** Money older than the last emptying joins the period (and the unverified deposit) of the first emptying after it. */
export async function addLateCash(tx: Tx, deviceId: number, late: LateCash[]) {
  await tx.execute(sql`
    with late as (
      select (select id from emptyings where device_id = ${deviceId} and at >= l.at order by at limit 1) as id, l.cents, l.tokens
      from json_to_recordset(${JSON.stringify(late)}::json) as l(at timestamptz, cents bigint, tokens bigint)),
    sums as (select id, sum(cents) as cents, sum(tokens) as tokens from late where id is not null group by id),
    e as (update emptyings set counted_cents = counted_cents + sums.cents, counted_tokens = counted_tokens + sums.tokens
      from sums where emptyings.id = sums.id)
    update deposits set reported_coins_cents = reported_coins_cents + sums.cents, reported_tokens = reported_tokens + sums.tokens
    from sums where deposits.emptying_id = sums.id and deposits.verified_at is null`);
}

/** An emptying and the deposit it opened. */
export interface EmptyingDeposit {
  emptyingId: number;
  depositId: number;
  at: Date;
  countedCents: number;
  countedTokens: number;
}

/**
 * An emptying recorded by a person at a visit's stop (docs/rules.md "Visits"), now: the cash period
 * closes exactly as at a logger's emptying (`closeCashPeriod`: what telemetry counted since the last
 * emptying), without the device's own counters, and its deposit opens with those reported amounts for
 * the worker to count into. Inside the caller's transaction; the logger's row is locked as a batch
 * locks it, so a batch arriving meanwhile waits and then counts its money into the new period (or, if
 * older, as late cash into this one). Answers the emptying and its deposit.
 */
export async function emptyByPerson(
  tx: Tx,
  device: { id: number; companyId: number; loggerId: number | null; locationId: number | null },
  userId: number,
  at: Date,
): Promise<EmptyingDeposit> {
  if (device.loggerId !== null) await tx.execute(sql`select 1 from loggers where id = ${device.loggerId} for no key update`);
  const scope: DeviceScope = { companyId: device.companyId, deviceId: device.id };
  const [stored] = await tx.select().from(deviceState).where(eq(deviceState.deviceId, device.id)).for('update');
  const state: StateRow = stored ? { ...stored } : initialState(device.id, device.companyId);
  const pending: EmptyingRow[] = [];
  await closeCashPeriod(
    tx,
    scope,
    state,
    at,
    device.locationId,
    { type: 'emptying', seq: 0, at: at.toISOString(), coinsCents: 0, tokens: 0 },
    pending,
  );
  const rows = pending.map((row) => ({ ...row, dc: null, dt: null, r: userId }));
  const result = await tx.execute(sql`with ${writeEmptyings(scope, rows)}, ${upsertState(state)} select id, emptying_id from dep`);
  const [written] = (result as unknown as { rows: { id: number; emptying_id: number }[] }).rows;
  const row = rows[0];
  if (!written || !row) throw new Error('the emptying was not written');
  return { emptyingId: Number(written.emptying_id), depositId: Number(written.id), at, countedCents: row.cc, countedTokens: row.ct };
}

/** The emptyings a device's logger reported since an instant (none recorded by a person), newest first, with their deposits. */
export async function reportedEmptyingsSince(tx: Tx, deviceId: number, since: Date): Promise<EmptyingDeposit[]> {
  const result = await tx.execute(sql`
    select e.id as emptying_id, d.id as deposit_id, e.at, e.counted_cents, e.counted_tokens
    from emptyings e join deposits d on d.emptying_id = e.id
    where e.device_id = ${deviceId} and e.recorded_by_id is null and e.at >= ${since.toISOString()}::timestamptz
    order by e.at desc, e.id desc`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    emptyingId: Number(r.emptying_id),
    depositId: Number(r.deposit_id),
    at: new Date(r.at as string),
    countedCents: Number(r.counted_cents),
    countedTokens: Number(r.counted_tokens),
  }));
}
