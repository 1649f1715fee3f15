import { type Alarm, type AlarmAcknowledgement, type AlarmKind, type AlarmSummary, identity, iri, parseIri } from '@kovanica/contract';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db, Tx } from '../../db/client.ts';
import { alarms } from '../../db/schema/index.ts';
import { alarmExtras } from './alarms.queries.ts';

/** Who is told of the alarms, for the job queue's sweep and the demo. */
export { type AlarmPush, type Delivered, deliverAlarms } from './alarms.delivery.ts';
/** The alarm sweep, for the job queue and the tests. */
export { type Swept, sweepAlarms } from './alarms.sweep.ts';

export interface AlarmsService extends Pick<CrudService<Alarm, never, never>, 'list' | 'get'> {
  /** The open alarms of the caller's view: how many wait, how many are taken, what they cost an hour. */
  summary(ctx: RequestContext): Promise<AlarmSummary>;
  /** Takes the alarms: "I am on it" (docs/rules.md "Alarms"); answers how many this call took. */
  acknowledge(ctx: RequestContext, input: AlarmAcknowledgement): Promise<number>;
}

/** The devices of a company with an open alarm of one of the kinds, each with its kinds (the visits' proposal). */
export async function openDeviceAlarms(db: Db | Tx, companyId: number, kinds: readonly AlarmKind[]): Promise<Map<number, AlarmKind[]>> {
  const rows = await db
    .select({ deviceId: alarms.deviceId, kind: alarms.kind })
    .from(alarms)
    .where(and(eq(alarms.companyId, companyId), isNull(alarms.resolvedAt), inArray(alarms.kind, [...kinds]), isNotNull(alarms.deviceId)));
  const byDevice = new Map<number, AlarmKind[]>();
  for (const row of rows) if (row.deviceId !== null) byDevice.set(row.deviceId, [...(byDevice.get(row.deviceId) ?? []), row.kind]);
  return byDevice;
}

const ref = (collection: string, id: number | null) => (id === null ? null : iri(collection, id));

/** Alarms: raised and resolved by the sweep, listed and read, acknowledged by the people they reach. */
export function alarmsService(db: Db): AlarmsService {
  const reads = tableReads(db, alarms, {
    company: alarms.companyId,
    extras: alarmExtras,
    toItem: (row): Alarm => ({
      ...identity('alarms', 'Alarm', row.id),
      company: iri('companies', row.companyId),
      kind: row.kind,
      status: row.resolvedAt ? 'resolved' : row.acknowledgedAt ? 'acknowledged' : 'open',
      device: ref('devices', row.deviceId),
      deviceName: row.deviceName,
      location: ref('locations', row.locationId),
      locationName: row.locationName,
      deposit: ref('deposits', row.depositId),
      bill: ref('bills', row.billId),
      lessor: ref('lessors', row.lessorId),
      lessorName: row.lessorName,
      raisedAt: row.raisedAt.toISOString(),
      figure: row.figure,
      code: row.code,
      lossCentsPerHour: row.resolvedAt ? 0 : row.lossCentsPerHour,
      acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
      acknowledgedBy: ref('users', row.acknowledgedById),
      acknowledgedByName: row.acknowledgedByName,
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
      escalatedAt: row.escalatedAt?.toISOString() ?? null,
    }),
  });

  return {
    list: reads.list,
    get: reads.get,
    async summary(ctx) {
      const [row] = await db
        .select({
          open: sql<number>`count(*) filter (where ${alarms.acknowledgedAt} is null)`.mapWith(Number),
          acknowledged: sql<number>`count(*) filter (where ${alarms.acknowledgedAt} is not null)`.mapWith(Number),
          lossCentsPerHour: sql<number>`coalesce(sum(${alarms.lossCentsPerHour}), 0)`.mapWith(Number),
        })
        .from(alarms)
        .where(and(isNull(alarms.resolvedAt), reads.scope(ctx.listed, ctx)));
      return row ?? { open: 0, acknowledged: 0, lossCentsPerHour: 0 };
    },
    async acknowledge(ctx, input) {
      const ids = input.alarms.map((v) => parseIri('alarms', v) as number);
      return db.transaction(async (tx) => {
        const seen = await tx
          .select({ id: alarms.id })
          .from(alarms)
          .where(and(inArray(alarms.id, ids), reads.scope(ctx.visible)))
          .for('update');
        const found = new Set(seen.map((r) => r.id));
        // All or none: an alarm the caller may not see is named, and nothing is taken.
        for (const [i, id] of ids.entries()) if (!found.has(id)) throw invalid(`alarms.${i}`, 'reference');
        const taken = await tx
          .update(alarms)
          .set({ acknowledgedAt: new Date(), acknowledgedById: ctx.actor.userId })
          .where(and(inArray(alarms.id, ids), isNull(alarms.acknowledgedAt), isNull(alarms.resolvedAt)))
          .returning({ id: alarms.id });
        return taken.length;
      });
    },
  };
}
