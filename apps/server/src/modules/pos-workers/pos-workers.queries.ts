import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { posLocations, posWorkers, topUps } from '../../db/schema/index.ts';

export const posWorkerExtras = () => ({
  posLocationName: sql<string>`(select ${posLocations.name} from ${posLocations} where ${posLocations.id} = ${outer(posWorkers.posLocationId)})`,
});

/** What still points at a POS worker: the top-ups they sold. */
export async function posWorkerDependents(db: Db, id: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(topUps)
    .where(eq(topUps.posWorkerId, id));
  return { topUps: row?.n ?? 0 };
}
