import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { inCompanies } from '../../core/tenancy.ts';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { cities, locations } from '../../db/schema/index.ts';

/** Computed fields: the locations in the city that the caller can see. */
export const cityExtras = (ctx: RequestContext) => ({
  locationsCount: sql<number>`(select count(*) from ${locations} where ${and(
    eq(locations.cityId, outer(cities.id)),
    inCompanies(locations.companyId, ctx.visible),
  )})`.mapWith(Number),
});

/** Every location in the city, whatever company: a city in use by anyone cannot be deleted. */
export async function cityDependents(db: Db, id: number) {
  const [row] = await db
    .select({ locations: sql<number>`count(*)`.mapWith(Number) })
    .from(locations)
    .where(eq(locations.cityId, id));
  return { locations: row?.locations ?? 0 };
}
