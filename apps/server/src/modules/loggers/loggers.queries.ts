import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { devices, loggers, telemetryEvents, telemetryHolds } from '../../db/schema/index.ts';

export const loggerColumns = {
  id: loggers.id,
  imei: loggers.imei,
  serial: loggers.serial,
  company: loggers.companyId,
  lastSeenAt: loggers.lastSeenAt,
  createdAt: loggers.createdAt,
};

export const loggerExtras = () => ({
  deviceId: sql<number | null>`(select ${devices.id} from ${devices} where ${devices.loggerId} = ${outer(loggers.id)})`,
  deviceName: sql<string | null>`(select ${devices.name} from ${devices} where ${devices.loggerId} = ${outer(loggers.id)})`,
});

/** What keeps a logger from being deleted: the device it is fitted to, and the events it sent (held batches too). */
export async function loggerDependents(db: Db, id: number) {
  const [row] = await db
    .select({
      devices: sql<number>`(select count(*) from ${devices} where ${devices.loggerId} = ${id})`.mapWith(Number),
      events: sql<number>`(select count(*) from ${telemetryEvents} where ${telemetryEvents.loggerId} = ${id})`.mapWith(Number),
      heldBatches: sql<number>`(select count(*) from ${telemetryHolds} where ${telemetryHolds.loggerId} = ${id})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row ?? { devices: 0, events: 0, heldBatches: 0 };
}
