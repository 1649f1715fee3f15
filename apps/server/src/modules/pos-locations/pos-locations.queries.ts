import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { posLocations, posOwners, posWorkers, topUps } from '../../db/schema/index.ts';

export const posLocationExtras = () => ({
  posOwnerName: sql<string>`(select ${posOwners.name} from ${posOwners} where ${posOwners.id} = ${outer(posLocations.posOwnerId)})`,
  workersCount: sql<number>`(select count(*) from ${posWorkers} where ${posWorkers.posLocationId} = ${outer(posLocations.id)})`.mapWith(
    Number,
  ),
});

/** What still points at a point of sale: its workers and the top-ups sold there. */
export async function posLocationDependents(db: Db, id: number) {
  const count = sql<number>`count(*)`.mapWith(Number);
  const [[workers], [sold]] = await Promise.all([
    db.select({ n: count }).from(posWorkers).where(eq(posWorkers.posLocationId, id)),
    db.select({ n: count }).from(topUps).where(eq(topUps.posLocationId, id)),
  ]);
  return { posWorkers: workers?.n ?? 0, topUps: sold?.n ?? 0 };
}
