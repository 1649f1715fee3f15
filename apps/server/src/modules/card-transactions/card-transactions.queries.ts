import { sql } from 'drizzle-orm';
import type { DerivedFilter } from '../../core/collection.ts';
import { idsOf } from '../../core/collection.ts';
import { outer } from '../../db/paging.ts';
import {
  cardHolders,
  cardTransactions,
  devices,
  locations,
  loyaltyCards,
  posLocations,
  posWorkers,
  topUps,
  users,
} from '../../db/schema/index.ts';

/** The ledger rows of the cards of these owners or holders (the card's, as it is now). */
const ofCards = (column: 'owner_id' | 'holder_id'): DerivedFilter => ({
  derived: (values, param) =>
    sql`${cardTransactions.cardId} in (select id from loyalty_cards where ${sql.raw(column)} = any(${`{${idsOf(values, param).join(',')}}`}::int[]))`,
});

export const cardTransactionColumns = {
  id: cardTransactions.id,
  card: cardTransactions.cardId,
  owner: ofCards('owner_id'),
  holder: ofCards('holder_id'),
  device: cardTransactions.deviceId,
  kind: cardTransactions.kind,
  at: cardTransactions.at,
  company: cardTransactions.companyId,
};

export const cardTransactionExtras = () => ({
  card: sql<{
    number: string;
    ownerId: number;
    holderId: number | null;
    holderName: string | null;
  }>`(select json_build_object('number', c.number,
    'ownerId', c.owner_id, 'holderId', c.holder_id,
    'holderName', (select h.name || ' ' || h.surname from ${cardHolders} h where h.id = c.holder_id))
    from ${loyaltyCards} c where c.id = ${outer(cardTransactions.cardId)})`,
  deviceName: sql<string | null>`(select ${devices.name} from ${devices} where ${devices.id} = ${outer(cardTransactions.deviceId)})`,
  /** Where: the spend's location, or the point of sale a top-up was sold at. */
  locationName: sql<string | null>`coalesce(
    (select ${locations.name} from ${locations} where ${locations.id} = ${outer(cardTransactions.locationId)}),
    (select p.name from ${topUps} t join ${posLocations} p on p.id = t.pos_location_id where t.id = ${outer(cardTransactions.topUpId)}))`,
  /**
   * The card's balance right after this row in the order of time: its changes summed up to this row by
   * (time, id), read from the card's index. The stored running balances are in the order the rows were
   * applied, which a late batch (an offline device) puts after later rows (decision 0023).
   */
  balance: sql<{
    paid: number;
    bonus: number;
  }>`(select json_build_object('paid', coalesce(sum(b.paid_cents), 0), 'bonus', coalesce(sum(b.bonus_cents), 0))
    from ${cardTransactions} b where b.card_id = ${outer(cardTransactions.cardId)}
      and (b.at, b.id) <= (${outer(cardTransactions.at)}, ${outer(cardTransactions.id)}))`,
  /** By whom: the worker who sold a top-up (at the till or its terminal), else the user who entered the row. */
  userName: sql<string | null>`coalesce(
    (select w.name || ' ' || w.surname from ${topUps} t join ${posWorkers} w on w.id = t.pos_worker_id where t.id = ${outer(cardTransactions.topUpId)}),
    (select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${outer(cardTransactions.userId)}))`,
});
