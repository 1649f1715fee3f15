import { businessDate, type CommandType, FUTURE_TOLERANCE_MS, type TelemetryAnswer, type TelemetryEvent } from '@kovanica/contract';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { criticalEpisodes, deposits, deviceCommands, type deviceState, emptyings, serviceSessions } from '../../db/schema/index.ts';

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

/** A stored event as the insert reads it (`json_to_recordset`): short keys keep the batch's JSON small. */
interface EventRow {
  /** location id */
  l: number | null;
  /** seq */
  s: number;
  /** type */
  t: string;
  /** at (ISO) */
  a: string;
  /** the logger's own time, when it was clamped */
  r: string | null;
  /** amount in cents */
  m: number;
  /** count */
  c: number;
  /** a test play */
  x: boolean;
  /** what the event adds besides type, seq and time */
  d: Record<string, unknown> | null;
}

/** An event with its time as applied (a clock too far ahead is replaced by the receipt time). */
interface Timed {
  event: TelemetryEvent;
  at: Date;
  reportedAt: Date | null;
}

/** A box contribution of an event older than the last emptying: it belongs to the period that emptying closed. */
interface LateCash {
  at: string;
  cents: number;
  tokens: number;
}

/** What a batch needs to know before it is applied, read in one round trip. */
interface Context {
  known: Set<number>;
  last: number | null;
  device: { id: number; playPriceCents: number; tokenValueCents: number } | null;
  placements: { locationId: number; from: Date; to: Date | null }[];
  sessions: { from: Date; to: Date | null }[];
  state: StateRow | null;
}

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
 * Locks a logger's row against ingestion before its events are counted for a delete (of the logger
 * or of the device it is fitted to): a batch in progress holds this row, so the delete waits for it.
 */
export const lockLoggerAgainstIngestion = (tx: Tx, loggerId: number) =>
  tx.execute(sql`select 1 from loggers where id = ${loggerId} for update`);

/**
 * Stores a batch of one logger's events and everything derived from them, in one transaction: the
 * raw events (a `(logger, seq)` already stored is a duplicate, acknowledged and skipped), the
 * per-device daily rollup, the device's state (service mode, critical alarm, cash in the box),
 * service sessions, critical episodes, emptyings with their deposits, and the commands the events
 * confirm. Answers with the pending commands, now delivered.
 *
 * Batches of one logger are serialised by a lock on the logger's row, held to the commit; deleting
 * the logger or its device locks that row first, so it waits for the batch and then sees its events.
 * A batch costs five round trips: begin, the lock, one read, one write, commit (plus one per rare
 * event that opens or closes something: an emptying, a service session, an alarm).
 */
export async function ingestBatch(
  db: Db,
  logger: IngestLogger,
  events: readonly TelemetryEvent[],
  receivedAt = new Date(),
): Promise<TelemetryAnswer> {
  const clampedSeqs: number[] = [];
  const timed = timesOf(events, receivedAt, clampedSeqs);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from loggers where id = ${logger.id} for no key update`);
    const context = await readContext(tx, logger.id, timed);
    const duplicateSeqs: number[] = [];
    const fresh: Timed[] = [];
    for (const t of timed) {
      if (context.known.has(t.event.seq)) duplicateSeqs.push(t.event.seq);
      else {
        context.known.add(t.event.seq);
        fresh.push(t);
      }
    }
    fresh.sort((a, b) => a.at.getTime() - b.at.getTime() || a.event.seq - b.event.seq);
    const writes: SQL[] = [];
    if (fresh.length) await derive(tx, logger, context, fresh, receivedAt, writes);
    const at = receivedAt.toISOString();
    // Everything the batch writes, the logger seen and its pending commands delivered: one statement.
    const delivered = await tx.execute(sql`
      with ${sql.join([...writes, sql`seen as (update loggers set last_seen_at = ${at}::timestamptz where id = ${logger.id})`], sql`, `)}
      update ${deviceCommands} set status = 'delivered', delivered_at = ${at}::timestamptz
      where logger_id = ${logger.id} and status = 'pending' returning id, type`);
    const commands = (delivered as unknown as { rows: { id: number; type: CommandType }[] }).rows.map((c) => ({
      id: Number(c.id),
      type: c.type,
    }));
    const lastSeq = fresh.reduce<number | null>((max, t) => (max === null || t.event.seq > max ? t.event.seq : max), context.last);
    const freshSeqs = new Set(fresh.map((t) => t.event.seq));
    return {
      accepted: fresh.length,
      duplicates: duplicateSeqs.length,
      duplicateSeqs,
      clampedSeqs: clampedSeqs.filter((seq) => freshSeqs.has(seq)),
      lastSeq,
      commands: commands.sort((a, b) => a.id - b.id),
    };
  });
}

/** The batch's times; a clock more than 5 minutes ahead is replaced by the receipt time. */
function timesOf(events: readonly TelemetryEvent[], receivedAt: Date, clampedSeqs: number[]): Timed[] {
  const limit = receivedAt.getTime() + FUTURE_TOLERANCE_MS;
  return events.map((event) => {
    const reported = new Date(event.at);
    if (reported.getTime() <= limit) return { event, at: reported, reportedAt: null };
    clampedSeqs.push(event.seq);
    return { event, at: receivedAt, reportedAt: reported };
  });
}

const dateOrNull = (v: string | null | undefined) => (v === null || v === undefined ? null : new Date(v));

/**
 * In one statement: the batch's seqs already stored and the logger's highest, the device it is fitted
 * to, that device's placements and service sessions over the batch's time span, and its state.
 */
async function readContext(tx: Tx, loggerId: number, timed: Timed[]): Promise<Context> {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const t of timed) {
    const ms = t.at.getTime();
    if (ms < min) min = ms;
    if (ms > max) max = ms;
  }
  const first = new Date(Number.isFinite(min) ? min : Date.now()).toISOString();
  const last = new Date(Number.isFinite(max) ? max : Date.now()).toISOString();
  const seqs = timed.map((t) => t.event.seq);
  const result = await tx.execute(sql`
    select
      array(select seq from telemetry_events where logger_id = ${loggerId} and seq = any(${sql.param(seqs)}::bigint[])) as known,
      (select max(seq) from telemetry_events where logger_id = ${loggerId}) as last,
      d.id, d.play_price_cents, d.token_value_cents,
      (select json_agg(json_build_array(p.location_id, p.from_at, p.to_at)) from device_placements p
        where p.device_id = d.id and p.from_at <= ${last}::timestamptz and (p.to_at is null or p.to_at > ${first}::timestamptz)) as placements,
      (select json_agg(json_build_array(s.started_at, s.ended_at)) from service_sessions s
        where s.device_id = d.id and s.started_at <= ${last}::timestamptz and (s.ended_at is null or s.ended_at > ${first}::timestamptz)) as sessions,
      (select row_to_json(st) from device_state st where st.device_id = d.id) as state
    from (select 1) as one left join devices d on d.logger_id = ${loggerId}`);
  type Raw = {
    known: (string | number)[] | null;
    last: string | number | null;
    id: number | null;
    play_price_cents: number | null;
    token_value_cents: number | null;
    placements: [number, string, string | null][] | null;
    sessions: [string, string | null][] | null;
    state: Record<string, unknown> | null;
  };
  const row = (result as unknown as { rows: Raw[] }).rows[0] as Raw;
  const st = row.state;
  return {
    known: new Set((row.known ?? []).map(Number)),
    last: row.last === null ? null : Number(row.last),
    device:
      row.id === null
        ? null
        : { id: Number(row.id), playPriceCents: Number(row.play_price_cents), tokenValueCents: Number(row.token_value_cents) },
    placements: (row.placements ?? []).map(([locationId, from, to]) => ({
      locationId: Number(locationId),
      from: new Date(from),
      to: dateOrNull(to),
    })),
    sessions: (row.sessions ?? []).map(([from, to]) => ({ from: new Date(from), to: dateOrNull(to) })),
    state: st
      ? {
          deviceId: Number(st.device_id),
          companyId: Number(st.company_id),
          lastEventAt: dateOrNull(st.last_event_at as string | null),
          serviceMode: Boolean(st.service_mode),
          serviceSince: dateOrNull(st.service_since as string | null),
          critical: Boolean(st.critical),
          criticalCode: (st.critical_code as string | null) ?? null,
          criticalSince: dateOrNull(st.critical_since as string | null),
          boxCents: Number(st.box_cents),
          boxTokens: Number(st.box_tokens),
          creditCents: Number(st.credit_cents),
          lastEmptiedAt: dateOrNull(st.last_emptied_at as string | null),
          signal: st.signal === null ? null : Number(st.signal),
          firmware: (st.firmware as string | null) ?? null,
        }
      : null,
  };
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
 * Applies the fresh events in time order to the device's state and rollup, runs what must happen at
 * once (an emptying, a session opened or closed, an alarm), and adds the rest to `writes` as the CTEs
 * of the batch's one write statement.
 */
async function derive(tx: Tx, logger: IngestLogger, context: Context, fresh: Timed[], receivedAt: Date, writes: SQL[]) {
  const { device, placements, sessions } = context;
  const rows: EventRow[] = [];
  const base = (t: Timed, locationId: number | null): EventRow => ({
    l: locationId,
    s: t.event.seq,
    t: t.event.type,
    a: t.at.toISOString(),
    r: t.reportedAt ? t.reportedAt.toISOString() : null,
    m: 0,
    c: 0,
    x: false,
    d: dataOf(t.event),
  });
  const insertEvents = (deviceId: number | null) =>
    sql`ev as (insert into telemetry_events (company_id, logger_id, device_id, location_id, seq, type, at, reported_at, received_at, amount_cents, count, test, data)
      select ${logger.companyId}::int, ${logger.id}::int, ${deviceId}::int, e.l, e.s, e.t, e.a, e.r, ${receivedAt.toISOString()}::timestamptz, e.m, e.c, e.x, e.d
      from json_to_recordset(${JSON.stringify(rows)}::json) as e(l int, s bigint, t text, a timestamptz, r timestamptz, m int, c int, x boolean, d jsonb)
      on conflict (logger_id, seq) do nothing)`;

  if (!device) {
    // A logger fitted to no device: its events are kept, nothing is derived from them.
    for (const t of fresh) rows.push(base(t, null));
    writes.push(insertEvents(null));
    return;
  }

  const locationAt = (at: Date) => placements.find((p) => p.from <= at && (p.to === null || at < p.to))?.locationId ?? null;
  const state: StateRow = context.state ?? {
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
  const lateCash: LateCash[] = [];
  let testPlaysInSession = 0;

  for (const t of fresh) {
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
        if (late) await lateServiceMode(tx, logger, device.id, state, sessions, at, event.on);
        else if (event.on && !state.serviceMode) {
          state.serviceMode = true;
          state.serviceSince = at;
          sessions.push({ from: at, to: null });
          await tx.insert(serviceSessions).values({ companyId: logger.companyId, deviceId: device.id, startedAt: at });
        } else if (!event.on && state.serviceMode) {
          state.serviceMode = false;
          state.serviceSince = null;
          const open = sessions.find((s) => s.to === null);
          if (open) open.to = at;
          const plays = testPlaysInSession;
          testPlaysInSession = 0;
          await tx
            .update(serviceSessions)
            .set({ endedAt: at, plays: sql`${serviceSessions.plays} + ${plays}` })
            .where(and(eq(serviceSessions.deviceId, device.id), isNull(serviceSessions.endedAt)));
        }
        break;
      case 'alarm':
        if (event.critical && late) await lateAlarm(tx, logger, device.id, state, at, event.code);
        else if (event.critical && !state.critical) {
          state.critical = true;
          state.criticalCode = event.code;
          state.criticalSince = at;
          await tx.insert(criticalEpisodes).values({ companyId: logger.companyId, deviceId: device.id, code: event.code, startedAt: at });
        }
        break;
      case 'alarm_cleared':
        // Also late: a clearing older than what was applied still ends an alarm raised before it.
        if (state.critical && state.criticalCode === event.code && (state.criticalSince === null || state.criticalSince <= at)) {
          state.critical = false;
          state.criticalCode = null;
          state.criticalSince = null;
          await tx
            .update(criticalEpisodes)
            .set({ endedAt: at })
            .where(and(eq(criticalEpisodes.deviceId, device.id), isNull(criticalEpisodes.endedAt)));
        }
        break;
      case 'emptying':
        await empty(tx, logger, device.id, state, t, locationId, event);
        break;
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
      // The box holds coins, notes and tokens (test plays too: the money is in it). Money older than
      // the last emptying was in the box that emptying took: it counts toward that period instead.
      const cents = event.type === 'coin' || event.type === 'note' ? amountCents : 0;
      const tokens = event.type === 'token' ? count : 0;
      if (cents || tokens) {
        if (state.lastEmptiedAt !== null && at <= state.lastEmptiedAt) lateCash.push({ at: t.at.toISOString(), cents, tokens });
        else {
          state.boxCents += cents;
          state.boxTokens += tokens;
        }
      }
    }
    if (!late) state.lastEventAt = at;
    const row = base(t, locationId);
    row.m = amountCents;
    row.c = count;
    row.x = test && PAYMENTS.has(event.type);
    rows.push(row);
  }

  if (testPlaysInSession > 0 && state.serviceMode) {
    await tx
      .update(serviceSessions)
      .set({ plays: sql`${serviceSessions.plays} + ${testPlaysInSession}` })
      .where(and(eq(serviceSessions.deviceId, device.id), isNull(serviceSessions.endedAt)));
  }
  if (confirmed.length) {
    await tx
      .update(deviceCommands)
      .set({ status: 'done', doneAt: receivedAt })
      .where(and(eq(deviceCommands.loggerId, logger.id), inArray(deviceCommands.id, confirmed)));
  }
  if (lateCash.length) await addLateCash(tx, device.id, lateCash);
  writes.push(insertEvents(device.id), upsertRollups(logger.companyId, device.id, [...rollups.values()]), upsertState(state));
}

/** When the device's first stored event of a kind after an instant happened, if any. */
async function firstStoredAfter(tx: Tx, deviceId: number, at: Date, kind: SQL): Promise<Date | null> {
  const result = await tx.execute(sql`
    select min(at) as at from telemetry_events where device_id = ${deviceId} and at > ${at.toISOString()}::timestamptz and ${kind}`);
  const value = (result as unknown as { rows: { at: string | Date | null }[] }).rows[0]?.at ?? null;
  return value === null ? null : new Date(value);
}

/**
 * A service-mode switch older than what was applied. On: the session it opened runs to the next switch
 * stored after it, or is still open (the device is in service mode now). Off: it ends a session still
 * open from before it. Payments already counted keep their classification (decision 0007).
 */
async function lateServiceMode(
  tx: Tx,
  logger: IngestLogger,
  deviceId: number,
  state: StateRow,
  sessions: Context['sessions'],
  at: Date,
  on: boolean,
) {
  const covering = sessions.find((s) => s.from <= at && (s.to === null || at < s.to));
  if (on) {
    if (covering) return;
    const end = await firstStoredAfter(tx, deviceId, at, sql`type = 'service_mode'`);
    if (end === null && state.serviceMode) return;
    sessions.push({ from: at, to: end });
    await tx.insert(serviceSessions).values({ companyId: logger.companyId, deviceId, startedAt: at, endedAt: end });
    if (end === null) {
      state.serviceMode = true;
      state.serviceSince = at;
    }
  } else if (covering && covering.to === null) {
    covering.to = at;
    state.serviceMode = false;
    state.serviceSince = null;
    await tx
      .update(serviceSessions)
      .set({ endedAt: at })
      .where(and(eq(serviceSessions.deviceId, deviceId), isNull(serviceSessions.endedAt)));
  }
}

/**
 * A critical alarm older than what was applied: its episode runs to the first clearing of its code
 * stored after it; with none, the device is critical from then on (an open episode of the same code
 * that began later starts at this alarm instead).
 */
async function lateAlarm(tx: Tx, logger: IngestLogger, deviceId: number, state: StateRow, at: Date, code: string) {
  const iso = at.toISOString();
  const [covering] = await tx
    .select({ id: criticalEpisodes.id })
    .from(criticalEpisodes)
    .where(
      and(
        eq(criticalEpisodes.deviceId, deviceId),
        sql`${criticalEpisodes.startedAt} <= ${iso}::timestamptz and (${criticalEpisodes.endedAt} is null or ${criticalEpisodes.endedAt} > ${iso}::timestamptz)`,
      ),
    )
    .limit(1);
  if (covering) return;
  const cleared = await firstStoredAfter(tx, deviceId, at, sql`type = 'alarm_cleared' and data->>'code' = ${code}`);
  if (cleared !== null) {
    await tx.insert(criticalEpisodes).values({ companyId: logger.companyId, deviceId, code, startedAt: at, endedAt: cleared });
  } else if (!state.critical) {
    state.critical = true;
    state.criticalCode = code;
    state.criticalSince = at;
    await tx.insert(criticalEpisodes).values({ companyId: logger.companyId, deviceId, code, startedAt: at });
  } else if (state.criticalCode === code) {
    state.criticalSince = at;
    await tx
      .update(criticalEpisodes)
      .set({ startedAt: at })
      .where(and(eq(criticalEpisodes.deviceId, deviceId), isNull(criticalEpisodes.endedAt)));
  } else {
    // Another alarm is open since later: this one's episode ends where that one began.
    await tx.insert(criticalEpisodes).values({ companyId: logger.companyId, deviceId, code, startedAt: at, endedAt: state.criticalSince });
  }
}

/**
 * An emptying closes the cash period: what telemetry counted since the previous emptying, beside the
 * device's own counters, and the deposit with those reported amounts. A late emptying (events after
 * it were already applied) takes only what came before it; one older than the last emptying takes
 * its share out of the period the next emptying closed (and that deposit, if not yet verified).
 */
async function empty(
  tx: Tx,
  logger: IngestLogger,
  deviceId: number,
  state: StateRow,
  t: Timed,
  locationId: number | null,
  event: Extract<TelemetryEvent, { type: 'emptying' }>,
) {
  const { at } = t;
  let period: { countedCents: number; countedTokens: number; periodStart: Date | null };
  if (state.lastEmptiedAt !== null && at < state.lastEmptiedAt) {
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
  const [emptying] = await tx
    .insert(emptyings)
    .values({
      companyId: logger.companyId,
      deviceId,
      locationId,
      at,
      ...period,
      deviceCoinsCents: event.coinsCents,
      deviceTokens: event.tokens,
    })
    .returning({ id: emptyings.id });
  await tx.insert(deposits).values({
    companyId: logger.companyId,
    deviceId,
    locationId,
    emptyingId: emptying?.id ?? 0,
    at,
    reportedCoinsCents: period.countedCents,
    reportedTokens: period.countedTokens,
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
async function addLateCash(tx: Tx, deviceId: number, late: LateCash[]) {
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

/** The batch's sums added to the device's daily rows (a CTE of the write statement). */
function upsertRollups(companyId: number, deviceId: number, rollups: Rollup[]): SQL {
  return sql`dd as (
    insert into device_daily (company_id, device_id, location_key, location_id, day, coins_cents, notes_cents, cashless_cents, card_cents,
      tokens, tokens_cents, plays, test_plays, test_cents, free_rides, resets, prizes_out, events)
    select ${companyId}::int, ${deviceId}::int, coalesce(r."locationId", 0), r."locationId", r.day, r."coinsCents", r."notesCents",
      r."cashlessCents", r."cardCents", r.tokens, r."tokensCents", r.plays, r."testPlays", r."testCents", r."freeRides", r.resets,
      r."prizesOut", r.events
    from json_to_recordset(${JSON.stringify(rollups)}::json) as r("locationId" int, day date, "coinsCents" bigint, "notesCents" bigint,
      "cashlessCents" bigint, "cardCents" bigint, tokens bigint, "tokensCents" bigint, plays bigint, "testPlays" bigint, "testCents" bigint,
      "freeRides" bigint, resets bigint, "prizesOut" bigint, events bigint)
    on conflict (device_id, day, location_key) do update set
      coins_cents = device_daily.coins_cents + excluded.coins_cents, notes_cents = device_daily.notes_cents + excluded.notes_cents,
      cashless_cents = device_daily.cashless_cents + excluded.cashless_cents, card_cents = device_daily.card_cents + excluded.card_cents,
      tokens = device_daily.tokens + excluded.tokens, tokens_cents = device_daily.tokens_cents + excluded.tokens_cents,
      plays = device_daily.plays + excluded.plays, test_plays = device_daily.test_plays + excluded.test_plays,
      test_cents = device_daily.test_cents + excluded.test_cents, free_rides = device_daily.free_rides + excluded.free_rides,
      resets = device_daily.resets + excluded.resets, prizes_out = device_daily.prizes_out + excluded.prizes_out,
      events = device_daily.events + excluded.events)`;
}

/** The device's state as the batch left it (a CTE of the write statement). */
function upsertState(s: StateRow): SQL {
  const time = (d: Date | null) => (d ? d.toISOString() : null);
  return sql`st as (
    insert into device_state (device_id, company_id, last_event_at, service_mode, service_since, critical, critical_code, critical_since,
      box_cents, box_tokens, credit_cents, last_emptied_at, signal, firmware)
    values (${s.deviceId}::int, ${s.companyId}::int, ${time(s.lastEventAt)}::timestamptz, ${s.serviceMode}::boolean,
      ${time(s.serviceSince)}::timestamptz, ${s.critical}::boolean, ${s.criticalCode}::text, ${time(s.criticalSince)}::timestamptz,
      ${s.boxCents}::bigint, ${s.boxTokens}::bigint, ${s.creditCents}::int, ${time(s.lastEmptiedAt)}::timestamptz, ${s.signal}::int, ${s.firmware}::text)
    on conflict (device_id) do update set company_id = excluded.company_id, last_event_at = excluded.last_event_at,
      service_mode = excluded.service_mode, service_since = excluded.service_since, critical = excluded.critical,
      critical_code = excluded.critical_code, critical_since = excluded.critical_since, box_cents = excluded.box_cents,
      box_tokens = excluded.box_tokens, credit_cents = excluded.credit_cents, last_emptied_at = excluded.last_emptied_at,
      signal = excluded.signal, firmware = excluded.firmware)`;
}
