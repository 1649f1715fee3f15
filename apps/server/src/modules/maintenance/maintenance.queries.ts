import { sql } from 'drizzle-orm';
import { outer } from '../../db/paging.ts';
import { devices, maintenance, users } from '../../db/schema/index.ts';

export const maintenanceColumns = {
  id: maintenance.id,
  device: maintenance.deviceId,
  type: maintenance.type,
  date: maintenance.date,
  costCents: maintenance.costCents,
  company: maintenance.companyId,
};

export const maintenanceExtras = () => ({
  deviceName: sql<string>`(select ${devices.name} from ${devices} where ${devices.id} = ${outer(maintenance.deviceId)})`,
  performedByName: sql<
    string | null
  >`(select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${outer(maintenance.performedById)})`,
});
