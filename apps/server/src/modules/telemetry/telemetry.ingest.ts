import { businessDate, type CommandType, FUTURE_TOLERANCE_MS, type TelemetryAnswer, type TelemetryEvent } from '@kovanica/contract';
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  criticalEpisodes,
  deposits,
  deviceCommands,
  devicePlacements,
  deviceState,
  devices,
  emptyings,
  loggers,
  serviceSessions,
  telemetryEvents,
} from '../../db/schema/index.ts';

/** The logger a batch comes from, as its credential identified it. */
export interface IngestLogger {
  id: number;
  companyId: number;
}

/** The money parts of a rollup row, and the counters beside them. */
interface Rollup {
  day: string;
  locationId: number | null;
  coinsCents: number;
  notesCents: number;
  cashlessCents: number;
  cardCents: number;
  tokens: number;
  tokensCents: number;
  plays: number;
  testPlays: number;
  testCents: number;
  freeRides: number;
  resets: number;
  prizesOut: number;
  events: number;
}

type StateRow = typeof deviceState.$inferSelect;
type EventRow = typeof telemetryEvents.$inferInsert;

const PAYMENTS = new Set(['coin', 'note', 'token', 'cashless', 'card']);

const newRollup = (day: string, locationId: number | null): Rollup => ({
  day,
  locationId,
  coinsCents: 0,
  notesCents: 0,
  cashlessCents: 0,
  cardCents: 0,
  tokens: 0,
  tokensCents: 0,
  plays: 0,
  testPlays: 0,
  testCents: 0,
  freeRides: 0,
  resets: 0,
  prizesOut: 0,
  events: 0,
});

/**
 * The business day of an instant, memoised per UTC hour: Zagreb's offset is whole hours, so every
 * instant of a UTC hour falls on the same Zagreb day, and `Intl` is the dearest step per event.
 */
const dayOfHour = new Map<number, string>();
function dayOf(at: Date): string {
  const hour = Math.floor(at.getTime() / 3_600_000);
  let day = dayOfHour.get(hour);
  if (day === undefined) {
    if (dayOfHour.size > 50_000) dayOfHour.clear();
    day = businessDate(at);
    dayOfHour.set(hour, day);
  }
  return day;
}

/** What an event adds besides its type, seq and time (stored as it came). */
function dataOf(event: TelemetryEvent): Record<string, unknown> | null {
  const { seq: _seq, at: _at, type: _type, ...rest } = event;
  return Object.keys(rest).length ? rest : null;
}

/**
 * Stores a batch of one logger's events and everything derived from them, in one transaction: the
 * raw events (a `(logger, seq)` already stored is a duplicate, acknowledged and skipped), the
 * per-device daily rollup, the device's state (service mode, critical alarm, cash in the box),
 * service sessions, critical episodes, emptyings, and the commands the events confirm. Batches of
 * the same logger are serialised by an advisory lock, so a resend racing its original cannot store
 * an event twice. Answers with the pending commands, now delivered.
 */
export async function ingestBatch(
  db: Db,
  logger: IngestLogger,
  events: readonly TelemetryEvent[],
  receivedAt = new Date(),
): Promise<TelemetryAnswer> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7311, ${logger.id})`);
    const seqs = events.map((e) => e.seq);
    // The seqs already stored, and the highest one, in one round trip.
    const [seen] = await tx
      .select({
        known: sql<(string | number)[]>`array(select ${telemetryEvents.seq} from ${telemetryEvents}
          where ${telemetryEvents.loggerId} = ${logger.id} and ${telemetryEvents.seq} = any(${sql.param(seqs)}::bigint[]))`,
        last: sql<
          string | number | null
        >`(select max(${telemetryEvents.seq}) from ${telemetryEvents} where ${telemetryEvents.loggerId} = ${logger.id})`,
      })
      .from(sql`(select 1) as one`);
    const known = new Set((seen?.known ?? []).map(Number));
    const duplicateSeqs: number[] = [];
    const fresh: TelemetryEvent[] = [];
    for (const event of events) {
      if (known.has(event.seq)) duplicateSeqs.push(event.seq);
      else {
        known.add(event.seq);
        fresh.push(event);
      }
    }

    const clampedSeqs: number[] = [];
    if (fresh.length) await store(tx, logger, fresh, receivedAt, clampedSeqs);

    // The logger is seen, and its pending commands go out with this answer: one statement.
    const delivered = await tx.execute(sql`
      with seen as (update ${loggers} set last_seen_at = ${receivedAt.toISOString()}::timestamptz where id = ${logger.id})
      update ${deviceCommands} set status = 'delivered', delivered_at = ${receivedAt.toISOString()}::timestamptz
      where logger_id = ${logger.id} and status = 'pending' returning id, type`);
    const commands = (delivered as unknown as { rows: { id: number; type: CommandType }[] }).rows.map((c) => ({
      id: Number(c.id),
      type: c.type,
    }));
    const previous = seen?.last === null || seen?.last === undefined ? null : Number(seen.last);
    const lastSeq = fresh.reduce<number | null>((max, e) => (max === null || e.seq > max ? e.seq : max), previous);
    return {
      accepted: fresh.length,
      duplicates: duplicateSeqs.length,
      duplicateSeqs,
      clampedSeqs,
      lastSeq,
      commands: commands.sort((a, b) => a.id - b.id),
    };
  });
}

async function store(tx: Tx, logger: IngestLogger, fresh: TelemetryEvent[], receivedAt: Date, clampedSeqs: number[]) {
  // Times first: a clock more than 5 minutes ahead is replaced by the receipt time.
  const timed = fresh
    .map((event) => {
      const reported = new Date(event.at);
      const clamped = reported.getTime() > receivedAt.getTime() + FUTURE_TOLERANCE_MS;
      if (clamped) clampedSeqs.push(event.seq);
      return { event, at: clamped ? receivedAt : reported, reportedAt: clamped ? reported : null };
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.event.seq - b.event.seq);
  const first = timed[0]?.at ?? receivedAt;
  const last = timed[timed.length - 1]?.at ?? receivedAt;

  const [device] = await tx
    .select({ id: devices.id, playPriceCents: devices.playPriceCents, tokenValueCents: devices.tokenValueCents })
    .from(devices)
    .where(eq(devices.loggerId, logger.id));
  const rows: EventRow[] = [];
  const base = (t: (typeof timed)[number]) => ({
    companyId: logger.companyId,
    loggerId: logger.id,
    seq: t.event.seq,
    type: t.event.type,
    at: t.at,
    reportedAt: t.reportedAt,
    receivedAt,
    data: dataOf(t.event),
  });

  if (!device) {
    // A logger fitted to no device: its events are kept, nothing is derived from them.
    for (const t of timed) rows.push({ ...base(t), deviceId: null, locationId: null });
    await insertEvents(tx, rows);
    return;
  }

  const placements = await tx
    .select({ locationId: devicePlacements.locationId, from: devicePlacements.fromAt, to: devicePlacements.toAt })
    .from(devicePlacements)
    .where(
      and(
        eq(devicePlacements.deviceId, device.id),
        lte(devicePlacements.fromAt, last),
        or(isNull(devicePlacements.toAt), gt(devicePlacements.toAt, first)),
      ),
    );
  const locationAt = (at: Date) => placements.find((p) => p.from <= at && (p.to === null || at < p.to))?.locationId ?? null;
  const sessions = await tx
    .select({ from: serviceSessions.startedAt, to: serviceSessions.endedAt })
    .from(serviceSessions)
    .where(
      and(
        eq(serviceSessions.deviceId, device.id),
        lte(serviceSessions.startedAt, last),
        or(isNull(serviceSessions.endedAt), gt(serviceSessions.endedAt, first)),
      ),
    );
  // No row lock needed: the logger's advisory lock serialises its batches, and only ingestion writes the state.
  const [current] = await tx.select().from(deviceState).where(eq(deviceState.deviceId, device.id));
  const state: StateRow = current ?? {
    deviceId: device.id,
    companyId: logger.companyId,
    lastEventAt: null,
    serviceMode: false,
    serviceSince: null,
    critical: false,
    criticalCode: null,
    criticalSince: null,
    boxCents: 0,
    boxTokens: 0,
    creditCents: 0,
    lastEmptiedAt: null,
    signal: null,
    firmware: null,
  };

  const rollups = new Map<string, Rollup>();
  const confirmed: number[] = [];
  const effects: ((tx: Tx) => Promise<unknown>)[] = [];
  let testPlaysInSession = 0;

  for (const t of timed) {
    const { event, at } = t;
    const locationId = locationAt(at);
    const day = dayOf(at);
    const key = `${day}|${locationId ?? 0}`;
    let rollup = rollups.get(key);
    if (!rollup) {
      rollup = newRollup(day, locationId);
      rollups.set(key, rollup);
    }
    rollup.events += 1;
    // A late event (older than the last one applied) reads the service mode of its own time.
    const late = state.lastEventAt !== null && at < state.lastEventAt;
    const test = late ? sessions.some((s) => s.from <= at && (s.to === null || at < s.to)) : state.serviceMode;
    let amountCents = 0;
    let count = 0;

    switch (event.type) {
      case 'coin':
      case 'note':
        count = event.count;
        amountCents = event.valueCents * event.count;
        break;
      case 'token':
        count = event.count;
        amountCents = event.count * device.tokenValueCents;
        break;
      case 'cashless':
      case 'card':
        count = 1;
        amountCents = event.valueCents;
        break;
      case 'prize_out':
        count = event.count;
        rollup.prizesOut += event.count;
        break;
      case 'free_ride':
        count = 1;
        rollup.freeRides += 1;
        if (event.commandId) confirmed.push(event.commandId);
        break;
      case 'reset':
        count = 1;
        rollup.resets += 1;
        if (event.commandId) confirmed.push(event.commandId);
        break;
      case 'service_mode':
        if (late) break;
        if (event.on && !state.serviceMode) {
          state.serviceMode = true;
          state.serviceSince = at;
          sessions.push({ from: at, to: null });
          effects.push((w) => w.insert(serviceSessions).values({ companyId: logger.companyId, deviceId: device.id, startedAt: at }));
        } else if (!event.on && state.serviceMode) {
          state.serviceMode = false;
          state.serviceSince = null;
          const open = sessions.find((s) => s.to === null);
          if (open) open.to = at;
          const plays = testPlaysInSession;
          testPlaysInSession = 0;
          effects.push((w) =>
            w
              .update(serviceSessions)
              .set({ endedAt: at, plays: sql`${serviceSessions.plays} + ${plays}` })
              .where(and(eq(serviceSessions.deviceId, device.id), isNull(serviceSessions.endedAt))),
          );
        }
        break;
      case 'alarm':
        if (event.critical && !late && !state.critical) {
          state.critical = true;
          state.criticalCode = event.code;
          state.criticalSince = at;
          effects.push((w) =>
            w.insert(criticalEpisodes).values({ companyId: logger.companyId, deviceId: device.id, code: event.code, startedAt: at }),
          );
        }
        break;
      case 'alarm_cleared':
        if (!late && state.critical && state.criticalCode === event.code) {
          state.critical = false;
          state.criticalCode = null;
          state.criticalSince = null;
          effects.push((w) =>
            w
              .update(criticalEpisodes)
              .set({ endedAt: at })
              .where(and(eq(criticalEpisodes.deviceId, device.id), isNull(criticalEpisodes.endedAt))),
          );
        }
        break;
      case 'emptying': {
        // Closes the cash period: what telemetry counted since the last emptying, beside the device's own counters.
        const period = { countedCents: state.boxCents, countedTokens: state.boxTokens, periodStart: state.lastEmptiedAt };
        state.boxCents = 0;
        state.boxTokens = 0;
        state.lastEmptiedAt = at;
        // The emptying opens its deposit, with what telemetry counted as the reported amounts.
        effects.push(async (w) => {
          const [emptying] = await w
            .insert(emptyings)
            .values({
              companyId: logger.companyId,
              deviceId: device.id,
              locationId,
              at,
              ...period,
              deviceCoinsCents: event.coinsCents,
              deviceTokens: event.tokens,
            })
            .returning({ id: emptyings.id });
          await w.insert(deposits).values({
            companyId: logger.companyId,
            deviceId: device.id,
            locationId,
            emptyingId: emptying?.id ?? 0,
            at,
            reportedCoinsCents: period.countedCents,
            reportedTokens: period.countedTokens,
          });
        });
        break;
      }
      case 'heartbeat':
        if (event.signal !== undefined) state.signal = event.signal;
        if (event.firmware !== undefined) state.firmware = event.firmware;
        break;
    }

    if (PAYMENTS.has(event.type)) {
      const plays = device.playPriceCents > 0 ? Math.max(1, Math.floor(amountCents / device.playPriceCents)) : count;
      if (test) {
        rollup.testCents += amountCents;
        rollup.testPlays += plays;
        testPlaysInSession += late ? 0 : plays;
      } else {
        if (event.type === 'coin') rollup.coinsCents += amountCents;
        else if (event.type === 'note') rollup.notesCents += amountCents;
        else if (event.type === 'cashless') rollup.cashlessCents += amountCents;
        else if (event.type === 'card') rollup.cardCents += amountCents;
        else {
          rollup.tokens += count;
          rollup.tokensCents += amountCents;
        }
        // Plays from paid credit: what is left over waits for the next payment.
        if (device.playPriceCents > 0) {
          state.creditCents += amountCents;
          const whole = Math.floor(state.creditCents / device.playPriceCents);
          rollup.plays += whole;
          state.creditCents -= whole * device.playPriceCents;
        } else rollup.plays += plays;
      }
      // The box holds coins, notes and tokens (test plays too: the money is in it).
      if (event.type === 'coin' || event.type === 'note') state.boxCents += amountCents;
      if (event.type === 'token') state.boxTokens += count;
    }
    if (!late) state.lastEventAt = at;
    rows.push({ ...base(t), deviceId: device.id, locationId, amountCents, count, test: test && PAYMENTS.has(event.type) });
  }

  await insertEvents(tx, rows);
  await upsertRollups(tx, logger.companyId, device.id, [...rollups.values()]);
  for (const effect of effects) await effect(tx);
  if (testPlaysInSession > 0 && state.serviceMode) {
    await tx
      .update(serviceSessions)
      .set({ plays: sql`${serviceSessions.plays} + ${testPlaysInSession}` })
      .where(and(eq(serviceSessions.deviceId, device.id), isNull(serviceSessions.endedAt)));
  }
  const { deviceId: _id, ...changes } = state;
  await tx.insert(deviceState).values(state).onConflictDoUpdate({ target: deviceState.deviceId, set: changes });
  if (confirmed.length) {
    await tx
      .update(deviceCommands)
      .set({ status: 'done', doneAt: receivedAt })
      .where(and(eq(deviceCommands.loggerId, logger.id), inArray(deviceCommands.id, confirmed)));
  }
}

/** One statement for the whole batch: arrays unnested into rows. */
async function insertEvents(tx: Tx, rows: EventRow[]) {
  const col = <T>(f: (r: EventRow) => T) => sql.param(rows.map(f));
  await tx.execute(sql`
    insert into ${telemetryEvents} (company_id, logger_id, device_id, location_id, seq, type, at, reported_at, received_at, amount_cents, count, test, data)
    select * from unnest(
      ${col((r) => r.companyId)}::int[], ${col((r) => r.loggerId)}::int[], ${col((r) => r.deviceId ?? null)}::int[],
      ${col((r) => r.locationId ?? null)}::int[], ${col((r) => r.seq)}::bigint[], ${col((r) => r.type)}::text[],
      ${col((r) => (r.at as Date).toISOString())}::timestamptz[], ${col((r) => (r.reportedAt ? (r.reportedAt as Date).toISOString() : null))}::timestamptz[],
      ${col((r) => (r.receivedAt as Date).toISOString())}::timestamptz[], ${col((r) => r.amountCents ?? 0)}::int[], ${col((r) => r.count ?? 0)}::int[],
      ${col((r) => r.test ?? false)}::bool[], ${col((r) => (r.data ? JSON.stringify(r.data) : null))}::jsonb[])
    on conflict (logger_id, seq) do nothing`);
}

/** Adds the batch's sums to the device's daily rows. */
async function upsertRollups(tx: Tx, companyId: number, deviceId: number, rollups: Rollup[]) {
  if (!rollups.length) return;
  const col = <T>(f: (r: Rollup) => T) => sql.param(rollups.map(f));
  await tx.execute(sql`
    insert into device_daily (company_id, device_id, location_key, location_id, day, coins_cents, notes_cents, cashless_cents, card_cents,
      tokens, tokens_cents, plays, test_plays, test_cents, free_rides, resets, prizes_out, events)
    select ${companyId}, ${deviceId}, coalesce(l, 0), l, d, c, n, cl, cd, t, tc, p, tp, tst, fr, rs, po, ev from unnest(
      ${col((r) => r.locationId)}::int[], ${col((r) => r.day)}::date[], ${col((r) => r.coinsCents)}::bigint[], ${col((r) => r.notesCents)}::bigint[],
      ${col((r) => r.cashlessCents)}::bigint[], ${col((r) => r.cardCents)}::bigint[], ${col((r) => r.tokens)}::int[], ${col((r) => r.tokensCents)}::bigint[],
      ${col((r) => r.plays)}::int[], ${col((r) => r.testPlays)}::int[], ${col((r) => r.testCents)}::bigint[], ${col((r) => r.freeRides)}::int[],
      ${col((r) => r.resets)}::int[], ${col((r) => r.prizesOut)}::int[], ${col((r) => r.events)}::int[]
    ) as u(l, d, c, n, cl, cd, t, tc, p, tp, tst, fr, rs, po, ev)
    on conflict (device_id, day, location_key) do update set
      coins_cents = device_daily.coins_cents + excluded.coins_cents, notes_cents = device_daily.notes_cents + excluded.notes_cents,
      cashless_cents = device_daily.cashless_cents + excluded.cashless_cents, card_cents = device_daily.card_cents + excluded.card_cents,
      tokens = device_daily.tokens + excluded.tokens, tokens_cents = device_daily.tokens_cents + excluded.tokens_cents,
      plays = device_daily.plays + excluded.plays, test_plays = device_daily.test_plays + excluded.test_plays,
      test_cents = device_daily.test_cents + excluded.test_cents, free_rides = device_daily.free_rides + excluded.free_rides,
      resets = device_daily.resets + excluded.resets, prizes_out = device_daily.prizes_out + excluded.prizes_out,
      events = device_daily.events + excluded.events`);
}
