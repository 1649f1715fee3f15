import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { posLocations, posOwners } from '../../db/schema/index.ts';

export const posOwnerExtras = () => ({
  locationsCount: sql<number>`(select count(*) from ${posLocations} where ${posLocations.posOwnerId} = ${outer(posOwners.id)})`.mapWith(
    Number,
  ),
});

/** What still points at a POS owner: its points of sale. */
export async function posOwnerDependents(db: Db, id: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(posLocations)
    .where(eq(posLocations.posOwnerId, id));
  return { posLocations: row?.n ?? 0 };
}
