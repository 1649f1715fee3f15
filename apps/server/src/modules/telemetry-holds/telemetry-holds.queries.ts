import { sql } from 'drizzle-orm';
import { outer } from '../../db/paging.ts';
import { devices, loggers, telemetryHolds, users } from '../../db/schema/index.ts';

/** The list's filters and orders on the table's columns. */
export const telemetryHoldColumns = {
  id: telemetryHolds.id,
  device: telemetryHolds.deviceId,
  status: telemetryHolds.status,
  rule: telemetryHolds.rule,
  receivedAt: telemetryHolds.receivedAt,
  amountCents: telemetryHolds.amountCents,
  company: telemetryHolds.companyId,
};

/** The names a held batch is shown with: its device's, its logger's IMEI, who decided. */
export const telemetryHoldExtras = () => ({
  deviceName: sql<string>`(select ${devices.name} from ${devices} where ${devices.id} = ${outer(telemetryHolds.deviceId)})`,
  loggerImei: sql<string>`(select ${loggers.imei} from ${loggers} where ${loggers.id} = ${outer(telemetryHolds.loggerId)})`,
  decidedByName: sql<
    string | null
  >`(select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${outer(telemetryHolds.decidedById)})`,
});
