import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { devicePlacements, devices, locations, loggers, users } from '../../db/schema/index.ts';

export const deviceColumns = {
  id: devices.id,
  name: devices.name,
  group: devices.group,
  location: devices.locationId,
  logger: devices.loggerId,
  tags: devices.tagIds,
  playPriceCents: devices.playPriceCents,
  company: devices.companyId,
  createdAt: devices.createdAt,
};

interface LocationFiscal {
  name: string;
  fiscalization: boolean;
  premisesLabel: string | null;
}

export const deviceExtras = () => ({
  imei: sql<string | null>`(select ${loggers.imei} from ${loggers} where ${loggers.id} = ${outer(devices.loggerId)})`,
  locationFiscal: sql<LocationFiscal | null>`(select json_build_object('name', ${locations.name}, 'fiscalization', ${locations.fiscalization},
    'premisesLabel', ${locations.premisesLabel}) from ${locations} where ${locations.id} = ${outer(devices.locationId)})`,
});

/** A device's stays, newest first. */
export function placementsOf(db: Db, deviceId: number) {
  return db
    .select({
      locationId: devicePlacements.locationId,
      locationName: locations.name,
      fromAt: devicePlacements.fromAt,
      toAt: devicePlacements.toAt,
      movedById: devicePlacements.movedById,
      movedByName: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
    })
    .from(devicePlacements)
    .innerJoin(locations, eq(locations.id, devicePlacements.locationId))
    .leftJoin(users, eq(users.id, devicePlacements.movedById))
    .where(eq(devicePlacements.deviceId, deviceId))
    .orderBy(desc(devicePlacements.fromAt), desc(devicePlacements.id));
}
