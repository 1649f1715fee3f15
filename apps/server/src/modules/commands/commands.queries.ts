import { sql } from 'drizzle-orm';
import { outer } from '../../db/paging.ts';
import { deviceCommands, devices, users } from '../../db/schema/index.ts';

export const commandColumns = {
  id: deviceCommands.id,
  device: deviceCommands.deviceId,
  type: deviceCommands.type,
  status: deviceCommands.status,
  requestedAt: deviceCommands.requestedAt,
  company: deviceCommands.companyId,
};

export const commandExtras = () => ({
  deviceName: sql<string | null>`(select ${devices.name} from ${devices} where ${devices.id} = ${outer(deviceCommands.deviceId)})`,
  requestedByName: sql<
    string | null
  >`(select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${outer(deviceCommands.requestedById)})`,
});
