import { sql } from 'drizzle-orm';
import { outer } from '../../db/paging.ts';
import { devices, locations, telemetryEvents } from '../../db/schema/index.ts';

export const transactionColumns = {
  id: telemetryEvents.id,
  device: telemetryEvents.deviceId,
  location: telemetryEvents.locationId,
  type: telemetryEvents.type,
  at: telemetryEvents.at,
  test: telemetryEvents.test,
  amountCents: telemetryEvents.amountCents,
  company: telemetryEvents.companyId,
};

export const transactionExtras = () => ({
  deviceName: sql<string | null>`(select ${devices.name} from ${devices} where ${devices.id} = ${outer(telemetryEvents.deviceId)})`,
  locationName: sql<
    string | null
  >`(select ${locations.name} from ${locations} where ${locations.id} = ${outer(telemetryEvents.locationId)})`,
});
