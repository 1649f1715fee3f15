import { type Command, type CommandCreate, identity, iri } from '@kovanica/contract';
import { and, eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import { inCompanies } from '../../core/tenancy.ts';
import type { Db } from '../../db/client.ts';
import type { RowWith } from '../../db/paging.ts';
import { deviceCommands, devices } from '../../db/schema/index.ts';
import { commandExtras } from './commands.queries.ts';

type Row = RowWith<typeof deviceCommands, ReturnType<typeof commandExtras>>;

export function toCommand(row: Row): Command {
  return {
    ...identity('commands', 'Command', row.id),
    company: iri('companies', row.companyId),
    device: row.deviceId === null ? null : iri('devices', row.deviceId),
    deviceName: row.deviceName,
    type: row.type,
    reason: row.reason,
    status: row.status,
    requestedBy: row.requestedById === null ? null : iri('users', row.requestedById),
    requestedByName: row.requestedByName,
    requestedAt: row.requestedAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    doneAt: row.doneAt?.toISOString() ?? null,
  };
}

export interface CommandsService extends Pick<CrudService<Command, never, never>, 'list' | 'get'> {
  /** Queues a command for a device's logger; null when the device is not the caller's to reach. */
  send(ctx: RequestContext, deviceId: number, input: CommandCreate): Promise<Command | null>;
}

export function commandsService(db: Db): CommandsService {
  const reads = tableReads(db, deviceCommands, { company: deviceCommands.companyId, extras: commandExtras, toItem: toCommand });
  return {
    list: reads.list,
    get: reads.get,
    async send(ctx, deviceId, input) {
      const [device] = await db
        .select({ id: devices.id, companyId: devices.companyId, loggerId: devices.loggerId })
        .from(devices)
        .where(and(eq(devices.id, deviceId), inCompanies(devices.companyId, ctx.visible)));
      if (!device) return null;
      if (device.loggerId === null) throw invalid('type', 'no_logger');
      const [row] = await db
        .insert(deviceCommands)
        .values({
          companyId: device.companyId,
          loggerId: device.loggerId,
          deviceId: device.id,
          type: input.type,
          reason: input.reason,
          requestedById: ctx.actor.userId,
        })
        .returning({ id: deviceCommands.id });
      return toCommand((await reads.find(ctx, row?.id ?? 0, null)) as Row);
    },
  };
}
