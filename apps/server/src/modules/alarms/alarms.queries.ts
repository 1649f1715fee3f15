import { type AlarmStatus, alarmStatuses } from '@kovanica/contract';
import { and, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { badQuery, type DerivedFilter } from '../../core/collection.ts';
import { outer } from '../../db/paging.ts';
import { alarms, devices, lessors, locations, users } from '../../db/schema/index.ts';

/** `open`: nobody has taken it; `acknowledged`: someone has, its condition lasts; `resolved`: its condition ended. */
const statusCondition: Record<AlarmStatus, SQL | undefined> = {
  open: and(isNull(alarms.resolvedAt), isNull(alarms.acknowledgedAt)),
  acknowledged: and(isNull(alarms.resolvedAt), isNotNull(alarms.acknowledgedAt)),
  resolved: isNotNull(alarms.resolvedAt),
};

const statusFilter: DerivedFilter = {
  derived: (values, param) => {
    const conditions = values.map((v) => {
      if (!(alarmStatuses as readonly string[]).includes(v)) throw badQuery(param);
      return statusCondition[v as AlarmStatus];
    });
    return or(...conditions) as SQL;
  },
};

/** The list's filters and orders on the table's columns. */
export const alarmColumns = {
  id: alarms.id,
  kind: alarms.kind,
  status: statusFilter,
  device: alarms.deviceId,
  location: alarms.locationId,
  raisedAt: alarms.raisedAt,
  resolvedAt: alarms.resolvedAt,
  lossCentsPerHour: alarms.lossCentsPerHour,
  company: alarms.companyId,
};

/** The names an alarm is shown with: its device's, its location's, its lessor's, who acknowledged it. */
export const alarmExtras = () => ({
  deviceName: sql<string | null>`(select ${devices.name} from ${devices} where ${devices.id} = ${outer(alarms.deviceId)})`,
  locationName: sql<string | null>`(select ${locations.name} from ${locations} where ${locations.id} = ${outer(alarms.locationId)})`,
  lessorName: sql<string | null>`(select ${lessors.name} from ${lessors} where ${lessors.id} = ${outer(alarms.lessorId)})`,
  acknowledgedByName: sql<
    string | null
  >`(select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${outer(alarms.acknowledgedById)})`,
});
