import type { WorkingHours } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { outer } from '../../db/paging.ts';
import { deviceCommands, devices, locations, telemetryEvents, users } from '../../db/schema/index.ts';

/** The command a free ride or reset names, in the event's data. */
const commandOf = sql`(${outer(telemetryEvents.data)}->>'commandId')::int`;
const isAction = sql`${outer(telemetryEvents.type)} in ('free_ride', 'reset')`;

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
  /** The command a free ride or reset carried out, with who asked for it and why (only the company's own). */
  command: sql<{ id: number; reason: string | null; requestedByName: string | null } | null>`(select json_build_object('id', c.id,
    'reason', c.reason, 'requestedByName', (select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = c.requested_by_id))
    from ${deviceCommands} c where ${isAction} and c.id = ${commandOf} and c.company_id = ${outer(telemetryEvents.companyId)})`,
  /** For a free ride or reset: how many of its kind the device had in the hour up to it, and the location's hours. */
  actionsInHour: sql<number | null>`(case when ${isAction} then (select count(*) from ${telemetryEvents} e
    where e.device_id = ${outer(telemetryEvents.deviceId)} and e.type = ${outer(telemetryEvents.type)}
      and e.at > ${outer(telemetryEvents.at)} - interval '1 hour' and e.at <= ${outer(telemetryEvents.at)}) end)`.mapWith((v) =>
    v === null ? null : Number(v),
  ),
  workingHours: sql<WorkingHours | null>`(case when ${isAction} then
    (select ${locations.workingHours} from ${locations} where ${locations.id} = ${outer(telemetryEvents.locationId)}) end)`,
});
