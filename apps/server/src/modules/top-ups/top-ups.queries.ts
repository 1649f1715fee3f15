import { sql } from 'drizzle-orm';
import { outer } from '../../db/paging.ts';
import {
  bills,
  cardHolders,
  cardTransactions,
  loyaltyCards,
  posLocations,
  posWorkers,
  promotions,
  topUps,
  users,
} from '../../db/schema/index.ts';

export const topUpColumns = {
  id: topUps.id,
  card: topUps.cardId,
  posLocation: topUps.posLocationId,
  posWorker: topUps.posWorkerId,
  payment: topUps.payment,
  at: topUps.at,
  company: topUps.companyId,
};

export const topUpExtras = () => ({
  cardNumber: sql<string>`(select ${loyaltyCards.number} from ${loyaltyCards} where ${loyaltyCards.id} = ${outer(topUps.cardId)})`,
  holderName: sql<string | null>`(select h.name || ' ' || h.surname from ${loyaltyCards} c join ${cardHolders} h on h.id = c.holder_id
    where c.id = ${outer(topUps.cardId)})`,
  posLocationName: sql<string>`(select ${posLocations.name} from ${posLocations} where ${posLocations.id} = ${outer(topUps.posLocationId)})`,
  posWorkerName: sql<
    string | null
  >`(select ${posWorkers.name} || ' ' || ${posWorkers.surname} from ${posWorkers} where ${posWorkers.id} = ${outer(topUps.posWorkerId)})`,
  userName: sql<string | null>`(select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${outer(topUps.userId)})`,
  promotionName: sql<string | null>`(select ${promotions.name} from ${promotions} where ${promotions.id} = ${outer(topUps.promotionId)})`,
  bill: sql<{
    number: string;
    zki: string;
  } | null>`(select json_build_object('number', b.number || '/' || b.premises || '/' || b.isu, 'zki', b.zki)
    from ${bills} b where b.id = ${outer(topUps.billId)})`,
  after: sql<{ paid: number; bonus: number } | null>`(select json_build_object('paid', t.paid_after_cents, 'bonus', t.bonus_after_cents)
    from ${cardTransactions} t where t.top_up_id = ${outer(topUps.id)} limit 1)`,
});
