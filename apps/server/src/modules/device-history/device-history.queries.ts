import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { outer } from '../../db/paging.ts';
import { criticalEpisodes, devices, emptyings, locations, serviceSessions } from '../../db/schema/index.ts';

const nameOf = (table: typeof devices | typeof locations, id: PgColumn) =>
  sql<string | null>`(select ${table.name} from ${table} where ${table.id} = ${outer(id)})`;

export const serviceSessionColumns = {
  id: serviceSessions.id,
  device: serviceSessions.deviceId,
  startedAt: serviceSessions.startedAt,
  company: serviceSessions.companyId,
};
export const serviceSessionExtras = (): { deviceName: SQL<string | null> } => ({ deviceName: nameOf(devices, serviceSessions.deviceId) });

export const criticalEpisodeColumns = {
  id: criticalEpisodes.id,
  device: criticalEpisodes.deviceId,
  code: criticalEpisodes.code,
  startedAt: criticalEpisodes.startedAt,
  company: criticalEpisodes.companyId,
};
export const criticalEpisodeExtras = (): { deviceName: SQL<string | null> } => ({ deviceName: nameOf(devices, criticalEpisodes.deviceId) });

export const emptyingColumns = {
  id: emptyings.id,
  device: emptyings.deviceId,
  location: emptyings.locationId,
  at: emptyings.at,
  company: emptyings.companyId,
};
export const emptyingExtras = (): { deviceName: SQL<string | null>; locationName: SQL<string | null> } => ({
  deviceName: nameOf(devices, emptyings.deviceId),
  locationName: nameOf(locations, emptyings.locationId),
});
