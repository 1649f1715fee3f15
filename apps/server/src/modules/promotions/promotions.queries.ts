import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { loyaltyOwners, promotions, topUps } from '../../db/schema/index.ts';

export const promotionExtras = () => ({
  ownerName: sql<string>`(select ${loyaltyOwners.name} from ${loyaltyOwners} where ${loyaltyOwners.id} = ${outer(promotions.ownerId)})`,
});

/** What still points at a promotion: the top-ups it gave a bonus. */
export async function promotionDependents(db: Db, id: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(topUps)
    .where(eq(topUps.promotionId, id));
  return { topUps: row?.n ?? 0 };
}
