import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { cardHolders, cardTransactions, loyaltyCards, loyaltyOwners, topUps, users } from '../../db/schema/index.ts';

export const loyaltyCardColumns = {
  id: loyaltyCards.id,
  uid: loyaltyCards.uid,
  number: loyaltyCards.number,
  status: loyaltyCards.status,
  owner: loyaltyCards.ownerId,
  holder: loyaltyCards.holderId,
  flagged: loyaltyCards.flagged,
  paidCents: loyaltyCards.paidCents,
  lastUsedAt: loyaltyCards.lastUsedAt,
  createdAt: loyaltyCards.createdAt,
  company: loyaltyCards.companyId,
};

export const loyaltyCardExtras = () => ({
  ownerName: sql<string>`(select ${loyaltyOwners.name} from ${loyaltyOwners} where ${loyaltyOwners.id} = ${outer(loyaltyCards.ownerId)})`,
  holderName: sql<
    string | null
  >`(select ${cardHolders.name} || ' ' || ${cardHolders.surname} from ${cardHolders} where ${cardHolders.id} = ${outer(loyaltyCards.holderId)})`,
  statusChangedByName: sql<
    string | null
  >`(select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${outer(loyaltyCards.statusChangedById)})`,
});

/** A card with a history keeps it: the ledger and the top-ups name it. */
export async function loyaltyCardDependents(db: Db, id: number) {
  const [row] = await db
    .select({
      ledger: sql<number>`(select count(*) from ${cardTransactions} where ${cardTransactions.cardId} = ${id})`.mapWith(Number),
      topUps: sql<number>`(select count(*) from ${topUps} where ${topUps.cardId} = ${id})`.mapWith(Number),
    })
    .from(loyaltyCards)
    .where(eq(loyaltyCards.id, id));
  return { cardTransactions: (row?.ledger ?? 0) + (row?.topUps ?? 0) };
}
