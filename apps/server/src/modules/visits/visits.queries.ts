import type { VisitReason, VisitStopStatus } from '@kovanica/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { devices, users, visitStops, visits } from '../../db/schema/index.ts';

/** The list's filters and orders on the table's columns. */
export const visitColumns = {
  id: visits.id,
  day: visits.day,
  worker: visits.workerId,
  company: visits.companyId,
};

/** A stop as the visit's read gives it (JSON: times as text). */
export interface StopJson {
  id: number;
  position: number;
  deviceId: number;
  deviceName: string;
  locationId: number | null;
  locationName: string | null;
  address: string | null;
  lat: number | null;
  lng: number | null;
  reasons: VisitReason[];
  expectedCents: number;
  fillPercent: number | null;
  fullOn: string | null;
  status: VisitStopStatus;
  doneAt: string | null;
  doneById: number | null;
  doneByName: string | null;
  depositId: number | null;
  depositCoinsCents: number | null;
  depositTokens: number | null;
  depositVerifiedAt: string | null;
  note: string | null;
}

const personName = (id: ReturnType<typeof outer>) =>
  sql<string | null>`(select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${id})`;

/** A visit's names and its stops in route order, read with it. */
export const visitExtras = () => ({
  workerName: personName(outer(visits.workerId)),
  createdByName: personName(outer(visits.createdById)),
  stops: sql<StopJson[]>`(select coalesce(json_agg(json_build_object(
      'id', s.id, 'position', s.position, 'deviceId', s.device_id, 'deviceName', d.name, 'locationId', s.location_id,
      'locationName', l.name, 'address', l.address, 'lat', l.latitude, 'lng', l.longitude, 'reasons', s.reasons,
      'expectedCents', s.expected_cents, 'fillPercent', s.fill_percent, 'fullOn', s.full_on, 'status', s.status,
      'doneAt', s.done_at, 'doneById', s.done_by_id, 'doneByName', (select u.name || ' ' || u.surname from users u where u.id = s.done_by_id),
      'depositId', s.deposit_id, 'depositCoinsCents', dp.deposit_coins_cents, 'depositTokens', dp.deposit_tokens,
      'depositVerifiedAt', dp.verified_at, 'note', s.note) order by s.position), '[]'::json)
    from visit_stops s join devices d on d.id = s.device_id left join locations l on l.id = s.location_id
      left join deposits dp on dp.id = s.deposit_id
    where s.visit_id = ${outer(visits.id)})`,
});

/**
 * The devices of a company on a stop still to do of a visit of the day (other than `exceptVisit`),
 * with their names: a device is on one such stop a day at most.
 */
export async function devicesOnOpenStops(db: Db | Tx, companyId: number, day: string, exceptVisit: number | null = null) {
  const rows = await db
    .select({ deviceId: visitStops.deviceId, name: devices.name })
    .from(visitStops)
    .innerJoin(visits, eq(visits.id, visitStops.visitId))
    .innerJoin(devices, eq(devices.id, visitStops.deviceId))
    .where(
      and(
        eq(visits.companyId, companyId),
        eq(visits.day, day),
        eq(visitStops.status, 'to_do'),
        exceptVisit === null ? undefined : ne(visits.id, exceptVisit),
      ),
    );
  return new Map(rows.map((r) => [r.deviceId, r.name]));
}

/** Of the emptyings, those a stop links to already. */
export async function linkedEmptyings(tx: Tx, emptyingIds: readonly number[]): Promise<Set<number>> {
  if (!emptyingIds.length) return new Set();
  const rows = await tx
    .select({ id: visitStops.emptyingId })
    .from(visitStops)
    .where(inArray(visitStops.emptyingId, [...emptyingIds]));
  return new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id])));
}

/** Whether a user is an active worker of the company. */
export async function isWorkerOf(db: Db | Tx, userId: number, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.active, true), sql`'worker' = any(${users.roles})`));
  return row !== undefined;
}

/** A person's name as the lists show it. */
export async function personNameOf(db: Db | Tx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: sql<string>`${users.name} || ' ' || ${users.surname}` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.name ?? null;
}
