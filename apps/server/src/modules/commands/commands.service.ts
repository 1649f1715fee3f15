import { type Command, type CommandCreate, identity, iri } from '@kovanica/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type RowWith, selectOne, selectPage } from '../../db/paging.ts';
import { deviceCommands, devices } from '../../db/schema/index.ts';
import type { RequestContext } from '../../http/context.ts';
import type { CrudService } from '../../http/crud.ts';
import { invalid } from '../../http/problems.ts';
import { inCompanies } from '../../http/tenancy.ts';
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
  const scope = (ids: readonly number[] | null): SQL | undefined => inCompanies(deviceCommands.companyId, ids);
  const find = (id: number, ids: readonly number[] | null) => selectOne(db, deviceCommands, id, scope(ids), commandExtras());
  return {
    async list(ctx, query) {
      const { rows, total } = await selectPage(db, deviceCommands, scope(ctx.listed), query, commandExtras());
      return { items: rows.map(toCommand), total };
    },
    async get(ctx, id) {
      const row = await find(id, ctx.visible);
      return row ? toCommand(row) : null;
    },
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
      return toCommand((await find(row?.id ?? 0, null)) as Row);
    },
  };
}
