import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { devices, loggers } from '../../db/schema/index.ts';

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

export async function loggerDependents(db: Db, id: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(devices)
    .where(eq(devices.loggerId, id));
  return { devices: row?.n ?? 0 };
}
