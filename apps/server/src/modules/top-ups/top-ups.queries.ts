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
  /** The card's balance right after the top-up, in the order of time (as the ledger shows it). */
  after: sql<{ paid: number; bonus: number } | null>`(select json_build_object('paid', sum(b.paid_cents), 'bonus', sum(b.bonus_cents))
    from ${cardTransactions} t join ${cardTransactions} b on b.card_id = t.card_id and (b.at, b.id) <= (t.at, t.id)
    where t.top_up_id = ${outer(topUps.id)})`,
});
