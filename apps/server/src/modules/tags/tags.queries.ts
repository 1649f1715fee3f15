import { sql } from 'drizzle-orm';
import { outer } from '../../db/paging.ts';
import { devices, locations, tags } from '../../db/schema/index.ts';

export const tagColumns = { id: tags.id, name: tags.name, company: tags.companyId, createdAt: tags.createdAt };

export const tagExtras = () => ({
  devicesCount: sql<number>`(select count(*) from ${devices} where ${outer(tags.id)} = any(${devices.tagIds}))`.mapWith(Number),
  locationsCount: sql<number>`(select count(*) from ${locations} where ${outer(tags.id)} = any(${locations.tagIds}))`.mapWith(Number),
});
