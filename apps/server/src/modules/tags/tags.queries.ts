import { sql } from 'drizzle-orm';
import { outer } from '../../db/paging.ts';
import { devices, locations, tags } from '../../db/schema/index.ts';

export const tagExtras = () => ({
  devicesCount: sql<number>`(select count(*) from ${devices} where ${outer(tags.id)} = any(${devices.tagIds}))`.mapWith(Number),
  locationsCount: sql<number>`(select count(*) from ${locations} where ${outer(tags.id)} = any(${locations.tagIds}))`.mapWith(Number),
});
