import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { cardHolders, loyaltyCards, loyaltyOwners, promoBoxes, promotions } from '../../db/schema/index.ts';

export const loyaltyOwnerColumns = {
  id: loyaltyOwners.id,
  name: loyaltyOwners.name,
  oib: loyaltyOwners.oib,
  isOperator: loyaltyOwners.isOperator,
  company: loyaltyOwners.companyId,
  createdAt: loyaltyOwners.createdAt,
};

export const loyaltyOwnerExtras = () => ({
  holdersCount: sql<number>`(select count(*) from ${cardHolders} where ${cardHolders.ownerId} = ${outer(loyaltyOwners.id)})`.mapWith(
    Number,
  ),
  cardsCount: sql<number>`(select count(*) from ${loyaltyCards} where ${loyaltyCards.ownerId} = ${outer(loyaltyOwners.id)})`.mapWith(
    Number,
  ),
});

/** What keeps an owner from being deleted: its programme's holders, cards, promotions and promo boxes. */
export async function loyaltyOwnerDependents(db: Db, id: number) {
  const count = (table: typeof cardHolders | typeof loyaltyCards | typeof promotions | typeof promoBoxes) =>
    sql<number>`(select count(*) from ${table} where ${table.ownerId} = ${id})`.mapWith(Number);
  const [row] = await db
    .select({
      cardHolders: count(cardHolders),
      loyaltyCards: count(loyaltyCards),
      promotions: count(promotions),
      promoBoxes: count(promoBoxes),
    })
    .from(sql`(select 1) as one`);
  return {
    cardHolders: row?.cardHolders ?? 0,
    loyaltyCards: row?.loyaltyCards ?? 0,
    promotions: row?.promotions ?? 0,
    promoBoxes: row?.promoBoxes ?? 0,
  };
}
