import { identity, iri, type Maintenance, type MaintenanceCreate, type MaintenancePatch } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import type { RowWith } from '../../db/paging.ts';
import { resolveRef } from '../../db/references.ts';
import { devices, maintenance, users } from '../../db/schema/index.ts';
import { defined } from '../../db/units.ts';
import { maintenanceExtras } from './maintenance.queries.ts';

type Row = RowWith<typeof maintenance, ReturnType<typeof maintenanceExtras>>;

export function toMaintenance(row: Row): Maintenance {
  return {
    ...identity('maintenance', 'Maintenance', row.id),
    company: iri('companies', row.companyId),
    device: iri('devices', row.deviceId),
    deviceName: row.deviceName,
    date: row.date,
    type: row.type,
    description: row.description,
    costCents: row.costCents,
    performedBy: row.performedById === null ? null : iri('users', row.performedById),
    performedByName: row.performedByName,
    createdAt: row.createdAt.toISOString(),
  };
}

export function maintenanceService(db: Db): CrudService<Maintenance, MaintenanceCreate, MaintenancePatch> {
  const reads = tableReads(db, maintenance, { company: maintenance.companyId, extras: maintenanceExtras, toItem: toMaintenance });
  /** Who did the work: a user of the device's company. */
  const performer = async (ctx: RequestContext, companyId: number, value: string | null | undefined) =>
    value === undefined || value === null
      ? value
      : (await resolveRef(db, ctx, { table: users, collection: 'users', field: 'performedBy', companyId }, value)).id;

  return {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      // The record belongs to the device's company; the device must be one the caller can reach.
      const device = await resolveRef(db, ctx, { table: devices, collection: 'devices', field: 'device' }, input.device);
      const performedById =
        (await performer(ctx, device.companyId, input.performedBy)) ?? (input.performedBy === null ? null : ctx.actor.userId);
      const [row] = await db
        .insert(maintenance)
        .values({
          companyId: device.companyId,
          deviceId: device.id,
          date: input.date,
          type: input.type,
          description: input.description,
          costCents: input.costCents ?? 0,
          performedById,
        })
        .returning({ id: maintenance.id });
      return toMaintenance((await reads.find(ctx, row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      await db
        .update(maintenance)
        .set(
          defined({
            date: patch.date,
            type: patch.type,
            description: patch.description,
            costCents: patch.costCents,
            performedById: await performer(ctx, current.companyId, patch.performedBy),
          }),
        )
        .where(eq(maintenance.id, id));
      return toMaintenance((await reads.find(ctx, id, null)) as Row);
    },
    async remove(ctx, id) {
      if (!(await reads.find(ctx, id))) return false;
      await db.delete(maintenance).where(eq(maintenance.id, id));
      return true;
    },
  };
}
