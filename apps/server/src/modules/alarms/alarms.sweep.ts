import { type AlarmKind, businessDate, costlyAlarmKinds } from '@kovanica/contract';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/arrays.ts';
import type { Db } from '../../db/client.ts';
import { alarms, devices } from '../../db/schema/index.ts';
import { alarmSettings, type Condition, conditionsNow } from './alarms.conditions.ts';

/** How many weeks back an alarm's hourly loss looks: the same weekday's same hour in each. */
export const LOSS_WEEKS = 8;

/** The advisory lock the sweep holds: one sweep at a time, whichever server instance runs it. */
const SWEEP_LOCK = sql`hashtext('alarm-sweep')`;

const keyOf = (a: { companyId: number; kind: string; subject: string }) => `${a.companyId} ${a.kind} ${a.subject}`;

/** The hour an instant is in (UTC hours are Zagreb's hours: the offset is whole hours). */
const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);

/**
 * Raises the alarms whose condition began, resolves those whose condition ended, and brings the
 * figures and hourly losses of the open ones up to date (docs/rules.md "Alarms"). In one transaction
 * under an advisory lock, so two server instances sweeping at once raise nothing twice. Answers the
 * alarms raised and resolved, by id, for the channels that carry them.
 */
export interface Swept {
  raised: number[];
  resolved: number[];
  /** Open alarms whose figure or hourly loss changed. */
  updated: number;
}

export async function sweepAlarms(db: Db, now = new Date()): Promise<Swept> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK})`);
    const settings = await alarmSettings(tx);
    const conditions = await conditionsNow(tx, settings, now, businessDate(now));
    const holding = new Map(conditions.map((c) => [keyOf(c), c]));
    const open = await tx
      .select({ id: alarms.id, companyId: alarms.companyId, kind: alarms.kind, subject: alarms.subject, figure: alarms.figure })
      .from(alarms)
      .where(isNull(alarms.resolvedAt));

    const resolved = open.filter((a) => !holding.has(keyOf(a))).map((a) => a.id);
    if (resolved.length > 0) {
      await tx.update(alarms).set({ resolvedAt: now }).where(inArray(alarms.id, resolved));
    }
    const changed = open.filter((a) => {
      const c = holding.get(keyOf(a));
      return c !== undefined && c.figure !== a.figure;
    });
    if (changed.length > 0) {
      await tx.execute(sql`update ${alarms} a set figure = v.figure
        from unnest(${arrayLiteral(changed.map((a) => a.id))}::int[], ${arrayLiteral(changed.map((a) => holding.get(keyOf(a))?.figure ?? null))}::int[]) as v(id, figure)
        where a.id = v.id`);
    }

    const known = new Set(open.map(keyOf));
    const fresh = conditions.filter((c) => !known.has(keyOf(c)));
    const raised = fresh.length > 0 ? await insertAlarms(tx, fresh, now) : [];
    const priced = await priceOpenAlarms(tx, now);
    return { raised, resolved, updated: changed.length + priced };
  });
}

async function insertAlarms(db: Db, fresh: Condition[], now: Date): Promise<number[]> {
  const rows = await db
    .insert(alarms)
    .values(fresh.map((c) => ({ ...c, raisedAt: now })))
    // The lock makes a clash impossible between sweeps; a clash would mean the alarm is open already.
    .onConflictDoNothing()
    .returning({ id: alarms.id });
  return rows.map((r) => r.id);
}

/**
 * What each open alarm of a kind that stops its device earning costs an hour (docs/rules.md
 * "Alarms"): the money its device took in, on average, in this hour of this weekday over the last
 * eight weeks it stood where it stands — reckoned once an hour.
 */
async function priceOpenAlarms(db: Db, now: Date): Promise<number> {
  const hour = hourOf(now);
  const stale = await db
    .select({ id: alarms.id, deviceId: alarms.deviceId, since: sql<Date>`coalesce(${devices.locationSince}, ${devices.createdAt})` })
    .from(alarms)
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .where(
      and(
        isNull(alarms.resolvedAt),
        inArray(alarms.kind, costlyAlarmKinds as AlarmKind[]),
        or(isNull(alarms.lossHour), ne(alarms.lossHour, hour)),
      ),
    );
  if (stale.length === 0) return 0;
  const weeksOf = (since: Date | string) =>
    Math.max(0, Math.min(LOSS_WEEKS, Math.floor((hour.getTime() - new Date(since).getTime()) / (7 * 86_400_000))));
  const deviceIds = [...new Set(stale.map((s) => s.deviceId as number))];
  // The same hour of the same weekday in Zagreb, one to eight weeks back (a change of the clocks
  // between keeps the hour on the clock, not the count of hours).
  const result = await db.execute(sql`
    with w as (
      select i as week, ((${hour.toISOString()}::timestamptz at time zone 'Europe/Zagreb') - make_interval(weeks => i)) at time zone 'Europe/Zagreb' as start
      from generate_series(1, ${LOSS_WEEKS}::int) as i)
    select e.device_id, w.week, sum(e.amount_cents) as cents
    from w join telemetry_events e on e.device_id = any(${arrayLiteral(deviceIds)}::int[])
      and e.at >= w.start and e.at < w.start + interval '1 hour'
      and not e.test and e.type in ('coin', 'note', 'cashless', 'card', 'token')
    group by e.device_id, w.week`);
  const { rows } = result as unknown as { rows: { device_id: number; week: number; cents: string }[] };
  const takings = new Map<number, { week: number; cents: number }[]>();
  for (const r of rows) {
    const list = takings.get(Number(r.device_id)) ?? [];
    list.push({ week: Number(r.week), cents: Number(r.cents) });
    takings.set(Number(r.device_id), list);
  }
  const losses = stale.map((s) => {
    const weeks = weeksOf(s.since);
    // Only the weeks the device stood there count, and each counts once: a device placed three weeks
    // ago is judged on three hours, not on eight of which five it was elsewhere.
    const cents = (takings.get(s.deviceId as number) ?? []).filter((t) => t.week <= weeks).reduce((sum, t) => sum + t.cents, 0);
    return weeks === 0 ? 0 : Math.round(cents / weeks);
  });
  // One statement for all of them, however many alarms the hour's turn reprices.
  await db.execute(sql`update ${alarms} a set loss_cents_per_hour = v.loss, loss_hour = ${hour.toISOString()}::timestamptz
    from unnest(${arrayLiteral(stale.map((s) => s.id))}::int[], ${arrayLiteral(losses)}::int[]) as v(id, loss)
    where a.id = v.id`);
  return stale.length;
}
