import { sql } from 'drizzle-orm';
import { outer } from '../../db/paging.ts';
import { cardHolders, loyaltyCards, loyaltyOwners } from '../../db/schema/index.ts';

export const cardHolderColumns = {
  id: cardHolders.id,
  name: cardHolders.name,
  surname: cardHolders.surname,
  email: cardHolders.email,
  owner: cardHolders.ownerId,
  consentAt: cardHolders.consentAt,
  company: cardHolders.companyId,
  createdAt: cardHolders.createdAt,
};

export const cardHolderExtras = () => ({
  ownerName: sql<string>`(select ${loyaltyOwners.name} from ${loyaltyOwners} where ${loyaltyOwners.id} = ${outer(cardHolders.ownerId)})`,
  cardsCount: sql<number>`(select count(*) from ${loyaltyCards} where ${loyaltyCards.holderId} = ${outer(cardHolders.id)})`.mapWith(Number),
});
