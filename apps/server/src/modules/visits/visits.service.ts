import {
  type AlarmKind,
  addDays,
  businessDate,
  formatDateTime,
  type GeoPoint,
  identity,
  iri,
  parseIri,
  type Visit,
  type VisitCreate,
  type VisitPatch,
  type VisitProposal,
  type VisitReason,
  type VisitStop,
  type VisitStopDone,
} from '@kovanica/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { DomainError, invalid, notFound } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pgError } from '../../db/errors.ts';
import type { RowWith } from '../../db/paging.ts';
import { resolveRefIds, targetCompanyId } from '../../db/references.ts';
import { companies, devices, visitStops, visits } from '../../db/schema/index.ts';
import { openDeviceAlarms } from '../alarms/alarms.service.ts';
import { recordChange } from '../audit-log/audit-log.service.ts';
import { reportCount } from '../deposits/deposits.service.ts';
import { type DeviceOutlook, deviceOutlooks } from '../devices/devices.service.ts';
import { zagrebMidnight } from '../month-closes/month-closes.service.ts';
import { emptyByPerson, reportedEmptyingsSince } from '../telemetry/telemetry.service.ts';
import { devicesOnOpenStops, isWorkerOf, linkedEmptyings, personNameOf, type StopJson, visitExtras } from './visits.queries.ts';
import { planRoute } from './visits.route.ts';

/** The open alarms that put a device on the day's proposal (docs/rules.md "Visits"). */
export const VISIT_ALARM_KINDS: readonly AlarmKind[] = ['cash_box_full', 'device_critical', 'device_offline'];

/** A company's rule of which boxes are due, and where its rounds start. */
export interface VisitRule {
  fillPercent: number;
  fullWithinDays: number;
  depot: GeoPoint | null;
}

/**
 * Why a device is due on a day (docs/rules.md "Visits"): its box filled to the company's percent, or
 * forecast full by the day plus the company's days, or an open alarm of the kinds that need a visit.
 * Empty: not due.
 */
export function reasonsOf(device: DeviceOutlook, rule: VisitRule, day: string, alarmed: boolean): VisitReason[] {
  const { fillPercent, fullOn } = device.state;
  const reasons: VisitReason[] = [];
  if (fillPercent !== null && fillPercent >= rule.fillPercent) reasons.push('fill');
  if (fullOn !== null && fullOn <= addDays(day, rule.fullWithinDays)) reasons.push('full_soon');
  if (alarmed) reasons.push('alarm');
  return reasons;
}

/** A stop to plan: the device, why, and what its box is expected to hold. */
interface Planned {
  device: DeviceOutlook;
  reasons: VisitReason[];
}

/**
 * The stops in route order from the start (`planRoute`): those without coordinates last, by id.
 * Answers the order and the route's metres (rounded).
 */
export function routeOrder<T extends { device: { id: number; point: GeoPoint | null } }>(start: GeoPoint | null, stops: readonly T[]) {
  const placed = stops.filter((s) => s.device.point !== null);
  const route = planRoute(
    start,
    placed.map((s) => ({ id: s.device.id, lat: s.device.point?.lat ?? 0, lng: s.device.point?.lng ?? 0 })),
  );
  const byId = new Map(stops.map((s) => [s.device.id, s]));
  const unplaced = stops.filter((s) => s.device.point === null).sort((a, b) => a.device.id - b.device.id);
  const ordered = [...route.order.map((id) => byId.get(id) as T), ...unplaced];
  return { ordered, metres: Math.round(route.metres) };
}

const stopOf = (p: Planned, position: number): VisitStop => ({
  id: null,
  position,
  device: iri('devices', p.device.id),
  deviceName: p.device.name,
  location: p.device.locationId === null ? null : iri('locations', p.device.locationId),
  locationName: p.device.locationName,
  address: p.device.address,
  point: p.device.point,
  reasons: p.reasons,
  expectedCents: p.device.state.expectedCashCents,
  fillPercent: p.device.state.fillPercent,
  fullOn: p.device.state.fullOn,
  status: 'to_do',
  doneAt: null,
  doneByName: null,
  deposit: null,
  depositStatus: null,
  depositCoinsCents: null,
  depositTokens: null,
  note: null,
});

/** A stop's deposit's status, as the deposit's own (deposits.service.ts `toDeposit`) gives it. */
function depositStatusOf(s: StopJson): VisitStop['depositStatus'] {
  if (s.depositId === null) return null;
  if (s.depositVerifiedAt !== null) return 'verified';
  return s.depositCoinsCents !== null && s.depositTokens !== null ? 'pending_verification' : 'awaiting_count';
}

function toStop(s: StopJson): VisitStop {
  return {
    id: s.id,
    position: s.position,
    device: iri('devices', s.deviceId),
    deviceName: s.deviceName,
    location: s.locationId === null ? null : iri('locations', s.locationId),
    locationName: s.locationName,
    address: s.address,
    point: s.lat === null || s.lng === null ? null : { lat: s.lat, lng: s.lng },
    reasons: s.reasons,
    expectedCents: s.expectedCents,
    fillPercent: s.fillPercent,
    fullOn: s.fullOn,
    status: s.status,
    doneAt: s.doneAt ? new Date(s.doneAt).toISOString() : null,
    doneByName: s.doneByName,
    deposit: s.depositId === null ? null : iri('deposits', s.depositId),
    depositStatus: depositStatusOf(s),
    depositCoinsCents: s.depositCoinsCents === null ? null : Number(s.depositCoinsCents),
    depositTokens: s.depositTokens === null ? null : Number(s.depositTokens),
    note: s.note,
  };
}

type Row = RowWith<typeof visits, ReturnType<typeof visitExtras>>;

export function toVisit(row: Row): Visit {
  const stops = row.stops.map(toStop);
  return {
    ...identity('visits', 'Visit', row.id),
    company: iri('companies', row.companyId),
    day: row.day,
    worker: row.workerId === null ? null : iri('users', row.workerId),
    workerName: row.workerName,
    start: row.startLat === null || row.startLng === null ? null : { lat: row.startLat, lng: row.startLng },
    stops,
    distanceMetres: row.distanceMetres,
    expectedCents: stops.reduce((sum, s) => sum + s.expectedCents, 0),
    stopsDone: stops.filter((s) => s.status !== 'to_do').length,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A stop done: the stop as it is now, and whether this answer repeats an earlier one (the same key). */
export interface StopDoneAnswer {
  stop: VisitStop;
  replayed: boolean;
}

export interface VisitsService extends CrudService<Visit, VisitCreate, VisitPatch> {
  proposal(ctx: RequestContext, query: { day?: string; company?: string }, now?: Date): Promise<VisitProposal>;
  done(ctx: RequestContext, visitId: number, stopId: number, input: VisitStopDone, key: string, now?: Date): Promise<StopDoneAnswer | null>;
}

/** Workers (who may work stops but not plan visits) see only the visits assigned to them. */
const ownOnly = (ctx: RequestContext) => !ctx.can('visits.create') && ctx.can('visits.work');

/** The rows a visit's audit entry shows of it. */
const audited = (row: typeof visits.$inferSelect) => ({ ...row });

// Long because: the service's methods share the reads, the company's rule and the plan by closure; each method is short.
export function visitsService(db: Db): VisitsService {
  const reads = tableReads(db, visits, {
    company: visits.companyId,
    where: (ctx) => (ownOnly(ctx) ? eq(visits.workerId, ctx.actor.userId) : undefined),
    extras: visitExtras,
    toItem: toVisit,
  });

  const ruleOf = async (dbOrTx: Db | Tx, companyId: number): Promise<VisitRule> => {
    const [company] = await dbOrTx
      .select({
        fillPercent: companies.visitFillPercent,
        fullWithinDays: companies.visitFullWithinDays,
        lat: companies.depotLatitude,
        lng: companies.depotLongitude,
      })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw notFound();
    const depot = company.lat === null || company.lng === null ? null : { lat: company.lat, lng: company.lng };
    return { fillPercent: company.fillPercent, fullWithinDays: company.fullWithinDays, depot };
  };

  /** The worker a body names: an active user of the company with the worker role (null: unassigned). */
  const workerId = async (companyId: number, value: string | null | undefined) => {
    if (value === undefined || value === null) return value;
    const id = parseIri('users', value);
    if (id === null) throw invalid('worker', 'iri');
    if (!(await isWorkerOf(db, id, companyId))) throw invalid('worker', 'not_a_worker');
    return id;
  };

  const current = async (ctx: RequestContext, id: number) => {
    const row = await reads.find(ctx, id);
    return row ? toVisit(row as Row) : null;
  };

  return {
    list: reads.list,
    get: reads.get,

    async proposal(ctx, query, now = new Date()) {
      const companyId = await targetCompanyId(db, ctx, query.company);
      const day = query.day ?? businessDate(now);
      const rule = await ruleOf(db, companyId);
      const outlooks = await deviceOutlooks(db, companyId, null, now);
      const alarmed = await openDeviceAlarms(db, companyId, VISIT_ALARM_KINDS);
      const taken = await devicesOnOpenStops(db, companyId, day);
      const due = outlooks
        .filter((d) => !taken.has(d.id))
        .map((device) => ({ device, reasons: reasonsOf(device, rule, day, alarmed.has(device.id)) }))
        .filter((p) => p.reasons.length > 0);
      const { ordered, metres } = routeOrder(rule.depot, due);
      const stops = ordered.map((p, i) => stopOf(p, i + 1));
      return {
        day,
        company: iri('companies', companyId),
        start: rule.depot,
        fillPercent: rule.fillPercent,
        fullWithinDays: rule.fullWithinDays,
        stops,
        distanceMetres: metres,
        expectedCents: stops.reduce((sum, s) => sum + s.expectedCents, 0),
      };
    },

    /** The devices chosen, ordered by the route from the depot, each with what its box is expected to hold now. */
    async create(ctx, input) {
      const companyId = await targetCompanyId(db, ctx, input.company);
      const seen = new Set<string>();
      input.devices.forEach((device, i) => {
        if (seen.has(device)) throw invalid(`devices.${i}`, 'device_repeated');
        seen.add(device);
      });
      const ids = await resolveRefIds(db, ctx, { table: devices, collection: 'devices', field: 'devices', companyId }, input.devices);
      const worker = await workerId(companyId, input.worker);
      const now = new Date();
      const id = await db.transaction(async (tx) => {
        // One plan of the company at a time: a device is on one stop still to do a day.
        await tx.execute(sql`select id from companies where id = ${companyId} for no key update`);
        const taken = await devicesOnOpenStops(tx, companyId, input.day);
        ids.forEach((deviceId, i) => {
          const name = taken.get(deviceId);
          if (name !== undefined) throw invalid(`devices.${i}`, 'device_on_visit', { device: name, day: input.day });
        });
        const rule = await ruleOf(tx, companyId);
        const outlooks = await deviceOutlooks(tx, companyId, ids, now);
        const alarmed = await openDeviceAlarms(tx, companyId, VISIT_ALARM_KINDS);
        const planned = outlooks.map((device) => ({ device, reasons: reasonsOf(device, rule, input.day, alarmed.has(device.id)) }));
        const { ordered, metres } = routeOrder(rule.depot, planned);
        const [row] = await tx
          .insert(visits)
          .values({
            companyId,
            day: input.day,
            workerId: worker ?? null,
            startLat: rule.depot?.lat ?? null,
            startLng: rule.depot?.lng ?? null,
            distanceMetres: metres,
            createdById: ctx.actor.userId,
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        await tx.insert(visitStops).values(
          ordered.map((p, i) => ({
            visitId: row.id,
            deviceId: p.device.id,
            locationId: p.device.locationId,
            position: i + 1,
            reasons: p.reasons,
            expectedCents: p.device.state.expectedCashCents,
            fillPercent: p.device.state.fillPercent,
            fullOn: p.device.state.fullOn,
          })),
        );
        await recordChange(tx, ctx, { resource: 'visits', recordId: row.id, companyId, action: 'create', after: audited(row) });
        return row.id;
      });
      return (await current(ctx, id)) ?? (toVisit((await reads.find(ctx, id, null)) as Row) as Visit);
    },

    /** Reassigns the visit; its stops stay as planned. */
    async update(ctx, id, patch) {
      const before = await reads.find(ctx, id);
      if (!before) return null;
      const worker = await workerId(before.companyId, patch.worker);
      if (worker !== undefined) {
        await db.transaction(async (tx) => {
          const [row] = await tx.update(visits).set({ workerId: worker }).where(eq(visits.id, id)).returning();
          if (row)
            await recordChange(tx, ctx, {
              resource: 'visits',
              recordId: id,
              companyId: row.companyId,
              action: 'update',
              before: audited(before),
              after: audited(row),
            });
        });
      }
      return toVisit((await reads.find(ctx, id, null)) as Row);
    },

    /** A visit with a stop done keeps it: its emptying and deposit point back to it. */
    async remove(ctx, id) {
      const found = await reads.find(ctx, id);
      if (!found) return false;
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(visits).where(eq(visits.id, id)).for('update');
        if (!row) return;
        const [{ done } = { done: 0 }] = await tx
          .select({ done: sql<number>`count(*)`.mapWith(Number) })
          .from(visitStops)
          .where(and(eq(visitStops.visitId, id), eq(visitStops.status, 'done')));
        if (done > 0) throw new DomainError(409, 'visit_started', { done });
        await tx.delete(visits).where(eq(visits.id, id));
        await recordChange(tx, ctx, { resource: 'visits', recordId: id, companyId: row.companyId, action: 'delete', before: audited(row) });
      });
      return true;
    },

    async done(ctx, visitId, stopId, input, key, now = new Date()) {
      const visit = await reads.find(ctx, visitId);
      if (!visit) return null;
      if (input.count && input.skipped) throw invalid('count', 'count_with_skip');
      if (input.count && !ctx.can('deposits.create')) throw new DomainError(403, 'forbidden');
      // Emptied when the worker tapped (an offline phone sends it later), within the visit's day and now.
      const at = input.at ? new Date(input.at) : now;
      if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw invalid('at', 'in_future');
      if (at < zagrebMidnight(visit.day)) throw invalid('at', 'before_visit_day');
      const replayed = await db.transaction(async (tx) => {
        const [stop] = await tx
          .select()
          .from(visitStops)
          .where(and(eq(visitStops.id, stopId), eq(visitStops.visitId, visitId)))
          .for('update');
        if (!stop) throw notFound();
        // The same request again (a retry after a lost answer): the same answer, nothing written.
        if (stop.idempotencyKey === key) return true;
        // Done by someone else meanwhile (another phone, another key): who, when, and the deposit to count into.
        if (stop.status !== 'to_do') {
          const doneByName = stop.doneById === null ? null : await personNameOf(tx, stop.doneById);
          const deposit = stop.depositId === null ? null : iri('deposits', stop.depositId);
          throw new DomainError(
            409,
            'stop_done',
            { name: doneByName ?? '—', at: stop.doneAt ? formatDateTime(stop.doneAt) : '—', deposit: deposit ?? '—' },
            [],
            {},
            { deposit, doneByName, doneAt: stop.doneAt?.toISOString() ?? null, stopStatus: stop.status },
          );
        }
        const [reused] = await tx
          .select({ id: visitStops.id })
          .from(visitStops)
          .where(and(eq(visitStops.visitId, visitId), eq(visitStops.idempotencyKey, key)));
        if (reused) throw new DomainError(409, 'idempotency_key_reused');
        const emptied = input.skipped ? null : await emptyingOf(tx, stop.deviceId, visit.day, ctx.actor.userId, at);
        const changes = {
          status: input.skipped ? ('skipped' as const) : ('done' as const),
          doneAt: at,
          doneById: ctx.actor.userId,
          emptyingId: emptied?.emptyingId ?? null,
          depositId: emptied?.depositId ?? null,
          note: input.note ?? null,
          idempotencyKey: key,
        };
        try {
          await tx.update(visitStops).set(changes).where(eq(visitStops.id, stopId));
        } catch (error) {
          if (pgError(error).constraint === 'visit_stops_idempotency_key') throw new DomainError(409, 'idempotency_key_reused');
          throw error;
        }
        const { idempotencyKey: _b, ...before } = stop;
        const { idempotencyKey: _a, ...after } = { ...stop, ...changes };
        await recordChange(tx, ctx, { resource: 'visits', recordId: visitId, companyId: visit.companyId, action: 'update', before, after });
        // What was counted, into the deposit just opened (or found): the deposits' own count, in this
        // transaction, under the same key (docs/rules.md "Visits").
        if (emptied && input.count) await reportCount(tx, ctx, emptied.depositId, visit.companyId, input.count, { key, now });
        return false;
      });
      const stop = visitStopOf(toVisit((await reads.find(ctx, visitId, null)) as Row), stopId);
      if (!stop) throw notFound();
      return { stop, replayed };
    },
  };
}

/** A phone's clock may run a little ahead of the server's. */
const CLOCK_SKEW_MS = 5 * 60_000;

const visitStopOf = (visit: Visit, stopId: number) => visit.stops.find((s) => s.id === stopId) ?? null;

/**
 * The emptying of a stop done (docs/rules.md "Visits"): the one the device's logger reported since the
 * visit's day began, if no stop has it yet; else one recorded now by the person, through telemetry's
 * emptying path (the cash period closes, its deposit opens).
 */
async function emptyingOf(tx: Tx, deviceId: number, day: string, userId: number, now: Date) {
  const reported = await reportedEmptyingsSince(tx, deviceId, zagrebMidnight(day));
  const linked = await linkedEmptyings(
    tx,
    reported.map((e) => e.emptyingId),
  );
  const free = reported.find((e) => !linked.has(e.emptyingId));
  if (free) return free;
  const [device] = await tx
    .select({ id: devices.id, companyId: devices.companyId, loggerId: devices.loggerId, locationId: devices.locationId })
    .from(devices)
    .where(eq(devices.id, deviceId));
  if (!device) throw notFound();
  return emptyByPerson(tx, device, userId, now);
}
