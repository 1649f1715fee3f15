import { sql } from 'drizzle-orm';
import { outer } from '../../db/paging.ts';
import { loyaltyOwners, promoBoxes } from '../../db/schema/index.ts';

export const promoBoxColumns = {
  id: promoBoxes.id,
  title: promoBoxes.title,
  owner: promoBoxes.ownerId,
  audience: promoBoxes.audience,
  activeFrom: promoBoxes.activeFrom,
  activeTo: promoBoxes.activeTo,
  company: promoBoxes.companyId,
  createdAt: promoBoxes.createdAt,
};

export const promoBoxExtras = () => ({
  ownerName: sql<string>`(select ${loyaltyOwners.name} from ${loyaltyOwners} where ${loyaltyOwners.id} = ${outer(promoBoxes.ownerId)})`,
});
