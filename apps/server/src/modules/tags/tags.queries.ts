import { sql } from 'drizzle-orm';
import { devices, locations, tags } from '../../db/schema/index.ts';

export const tagColumns = { id: tags.id, name: tags.name, company: tags.companyId, createdAt: tags.createdAt };

export const tagExtras = () => ({
  devicesCount: sql<number>`(select count(*) from ${devices} where ${tags.id} = any(${devices.tagIds}))`.mapWith(Number),
  locationsCount: sql<number>`(select count(*) from ${locations} where ${tags.id} = any(${locations.tagIds}))`.mapWith(Number),
});
