import { addDays, businessDate, type CardBalance, spendFrom, type TelemetryEvent } from '@kovanica/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  cardHolders,
  companies,
  devices,
  loyaltyCards,
  loyaltyOwners,
  posLocations,
  posOwners,
  posWorkers,
  promoBoxes,
  promotions,
  users,
} from '../db/schema/index.ts';
import { pgArray } from '../db/units.ts';
import type { FiscalKeys } from '../fiscal/keys.ts';
import type { AuditActor } from '../modules/audit-log/audit-log.service.ts';
import { creditCard } from '../modules/card-transactions/card-transactions.service.ts';
import { posWorkerActor } from '../modules/pos-workers/pos-workers.service.ts';
import { bonusPromotionFor } from '../modules/promotions/promotions.service.ts';
import { sellCredit } from '../modules/top-ups/top-ups.service.ts';
import { hashPassword } from '../security/passwords.ts';
import { FLEET_SINCE } from './fleet.ts';
import { demoPersonOf } from './people.ts';
import { DEMO_ZABAVNI_OIB } from './seed.ts';

// The demo's loyalty programme (docs/rules.md "The demo"): Zabavni runs its own card programme and sells credit
// at two points of sale of its own; a partner (a café chain) has a programme of its own too. A few
// hundred cards with holders; the history's `card` events spend them (the simulator plays them on
// the devices), and the year's top-ups keep them in credit, sold before each card would run dry —
// except for a few, spent into the red while a machine was offline and flagged.

/** How many cards of the operator's programme the demo has. */
export const DEMO_CARDS = 300;
/**
 * Cards that run out of credit in the last month, the history leaving them below zero and flagged:
 * three spread over those spent in that month (at these shares of them, in card order), so there are
 * three however short the history (fixed places among all cards spent left one out in some months).
 */
const OVERSPENT_AT = [0.02, 0.2, 0.47];
/** How a partner's sale of credit is brought into the ledger. */
const PARTNER_SALE = 'Kredit prodan na blagajni partnera (Caffe Riva)';
/** The PIN of the demo's POS workers (their terminals are set up in the back-office). */
export const DEMO_POS_PIN = '4711';

const FIRST_NAMES = [
  'Ana',
  'Ivan',
  'Petra',
  'Luka',
  'Maja',
  'Marko',
  'Ivana',
  'Josip',
  'Lucija',
  'Tomislav',
  'Sara',
  'Filip',
  'Nika',
  'Karlo',
  'Ema',
];
const SURNAMES = [
  'Horvat',
  'Kovačević',
  'Babić',
  'Marić',
  'Jurić',
  'Novak',
  'Kovačić',
  'Knežević',
  'Vuković',
  'Marković',
  'Petrović',
  'Matić',
  'Tomić',
  'Pavlović',
];

/** The uid of demo card `n` (1-based): a 7-byte NXP chip id. */
export const demoCardUid = (n: number) => `04${(0x5a1000 + n * 7919).toString(16).toUpperCase().padStart(8, '0')}80`;

/**
 * The programme's rows, before the history: owners, holders and cards (no credit yet), promotions,
 * promo boxes, points of sale with workers. Only for Zabavni (the company with every module).
 */
export async function seedLoyalty(db: Db, now = new Date()): Promise<void> {
  const [zabavni] = await db.select().from(companies).where(eq(companies.oib, DEMO_ZABAVNI_OIB));
  if (!zabavni) return;
  const companyId = zabavni.id;
  const pinHash = await hashPassword(DEMO_POS_PIN);
  const rides = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.companyId, companyId), eq(devices.group, 'kiddie_ride')))
    .orderBy(asc(devices.id));
  await db.transaction(async (tx) => {
    const [own, partner] = await tx
      .insert(loyaltyOwners)
      .values([
        {
          companyId,
          name: 'Zabavni kartica',
          oib: DEMO_ZABAVNI_OIB,
          isOperator: true,
          email: 'kartica@zabavni.test',
          phone: '+385 1 555 0100',
        },
        {
          companyId,
          name: 'Caffe Riva d.o.o.',
          oib: '94577403194',
          email: 'info@cafferiva.test',
          address: 'Riva 3, 21000 Split',
          commissionBp: 800,
        },
      ])
      .returning({ id: loyaltyOwners.id });
    if (!own || !partner) throw new Error('seed failed');
    const holders = await tx
      .insert(cardHolders)
      .values(
        Array.from({ length: 240 }, (_, i) => {
          const name = FIRST_NAMES[i % FIRST_NAMES.length] as string;
          const surname = SURNAMES[(i * 7) % SURNAMES.length] as string;
          const ascii = `${name}.${surname}`
            .toLowerCase()
            .normalize('NFD')
            .replace(/[^\w.]/g, '');
          return {
            companyId,
            ownerId: i < 220 ? own.id : partner.id,
            name,
            surname,
            email: i % 3 === 0 ? null : `${ascii}${i}@mail.test`,
            phone: i % 4 === 0 ? `+385 9${i % 9} ${String(1_000_000 + i * 7331).slice(0, 7)}` : null,
            consentAt: new Date(FLEET_SINCE.getTime() + (i % 200) * 86_400_000),
            consentVersion: i < 150 ? 'v1 (2025-10)' : 'v2 (2026-05)',
          };
        }),
      )
      .returning({ id: cardHolders.id, ownerId: cardHolders.ownerId });
    const ownHolders = holders.filter((h) => h.ownerId === own.id);
    await tx.insert(loyaltyCards).values(
      Array.from({ length: DEMO_CARDS }, (_, i) => ({
        companyId,
        ownerId: own.id,
        // Most cards have a registered holder; every fourth is anonymous (sold over the counter).
        holderId: i % 4 === 3 ? null : (ownHolders[i % ownHolders.length]?.id ?? null),
        uid: demoCardUid(i + 1),
        number: `ZK-${String(100_001 + i)}`,
        createdAt: new Date(FLEET_SINCE.getTime() + (i % 300) * 86_400_000),
      })),
    );
    const partnerHolders = holders.filter((h) => h.ownerId === partner.id);
    await tx.insert(loyaltyCards).values(
      partnerHolders.map((h, i) => ({
        companyId,
        ownerId: partner.id,
        holderId: h.id,
        uid: `08${(0xc0ffee + i * 104_729).toString(16).toUpperCase().padStart(6, '0').slice(-6)}`,
        number: `CR-${5001 + i}`,
      })),
    );
    const today = businessDate(now);
    await tx.insert(promotions).values([
      {
        companyId,
        ownerId: own.id,
        name: 'Više za više',
        kind: 'bonus',
        validFrom: businessDate(FLEET_SINCE),
        tiers: [
          { fromCents: 2000, bonusBp: 1000 },
          { fromCents: 5000, bonusBp: 2000 },
        ],
      },
      {
        companyId,
        ownerId: own.id,
        name: 'Sretni sat radnim danom',
        kind: 'happy_hour',
        // The kiddie rides: a happy hour applies to the devices it names, and the form asks for one at least.
        deviceIds: rides.map((r) => r.id),
        validFrom: addDays(today, -60),
        validTo: addDays(today, 60),
        priceCents: 150,
        weekdays: [1, 2, 3, 4, 5],
        hoursFrom: '14:00',
        hoursTo: '16:00',
      },
    ]);
    await tx.insert(promoBoxes).values([
      {
        companyId,
        ownerId: own.id,
        title: '+20 % na nadoplatu od 50 €',
        text: 'Nadoplatite karticu na blagajni i igrajte dulje.',
        backgroundColor: '#1A237E',
        textColor: '#FFFFFF',
        buttonLabel: 'Gdje nadoplatiti',
        buttonLink: '/prodajna-mjesta',
        activeFrom: addDays(today, -30),
        activeTo: addDays(today, 30),
        audience: 'all',
      },
      {
        companyId,
        ownerId: own.id,
        title: 'Nedostajete nam!',
        text: 'Vaša kartica čeka: sljedeća vožnja je na nas uz nadoplatu od 20 €.',
        backgroundColor: '#FFF3E0',
        textColor: '#4E2600',
        activeFrom: addDays(today, -10),
        audience: 'inactive',
      },
      {
        companyId,
        ownerId: own.id,
        title: 'Ljetna tura',
        backgroundColor: '#E0F7FA',
        textColor: '#003B40',
        activeFrom: addDays(today, -200),
        activeTo: addDays(today, -100),
        audience: 'active',
      },
    ]);
    const [desk] = await tx
      .insert(posOwners)
      .values({ companyId, name: 'Zabavni automati d.o.o. — blagajne', oib: DEMO_ZABAVNI_OIB, email: 'blagajne@zabavni.test' })
      .returning({ id: posOwners.id });
    const places = await tx
      .insert(posLocations)
      .values([
        {
          companyId,
          posOwnerId: desk?.id ?? 0,
          name: 'Blagajna City Center one',
          address: 'Jankomir 33, Zagreb',
          premisesLabel: 'BLAG1',
          isu: '1',
        },
        { companyId, posOwnerId: desk?.id ?? 0, name: 'Blagajna Riva', address: 'Obala HNP 7, Split', premisesLabel: 'BLAG2', isu: '1' },
      ])
      .returning({ id: posLocations.id });
    await tx.insert(posWorkers).values([
      { companyId, posLocationId: places[0]?.id ?? 0, name: 'Iva', surname: 'Perić', oib: '94577403194', pinHash, pinSetAt: FLEET_SINCE },
      { companyId, posLocationId: places[0]?.id ?? 0, name: 'Dario', surname: 'Šimić', oib: '69435151530', pinHash, pinSetAt: FLEET_SINCE },
      { companyId, posLocationId: places[1]?.id ?? 0, name: 'Mia', surname: 'Božić', oib: '94577403194', pinHash, pinSetAt: FLEET_SINCE },
      {
        companyId,
        posLocationId: places[1]?.id ?? 0,
        name: 'Ante',
        surname: 'Radić',
        oib: '69435151530',
        pinHash,
        pinSetAt: FLEET_SINCE,
        active: false,
      },
    ]);
  });
}

/** A device's regulars: 40 of its company's loyalty cards, a different run of them per device (none without cards). */
export function regularsOf(cards: readonly string[], deviceIndex: number): string[] | undefined {
  if (cards.length === 0) return undefined;
  return Array.from({ length: Math.min(40, cards.length) }, (_, k) => cards[(deviceIndex * 37 + k) % cards.length] as string);
}

/** The cards the demo fleet's regulars play with, by company (the operator's and its partner's). */
export async function demoCardsByCompany(db: Db): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ companyId: loyaltyCards.companyId, uid: loyaltyCards.uid })
    .from(loyaltyCards)
    .orderBy(asc(loyaltyCards.id));
  const byCompany = new Map<number, string[]>();
  for (const r of rows) byCompany.set(r.companyId, [...(byCompany.get(r.companyId) ?? []), r.uid]);
  return byCompany;
}

/**
 * The year's top-ups, sold before the history's spends need them: walking each card's spends in time
 * order, whenever its credit would not cover the next spend it is topped up, an hour or so before, with
 * that spend and the next weeks' (in steps of 10 €, 20 € at least), at a point of sale by a worker
 * there, paid in cash or by card; promotions add their bonus. Each is a real sale (`sellCredit`): bill,
 * ledger row, balance. The overspent cards (`OVERSPENT_AT`) get no top-up in the last 30 days.
 */
export async function seedDemoTopUps(db: Db, keys: FiscalKeys, events: Map<string, TelemetryEvent[]>, now = new Date()): Promise<number> {
  const spends = new Map<string, { at: number; cents: number }[]>();
  for (const list of events.values()) {
    for (const e of list)
      if (e.type === 'card') spends.set(e.cardUid, [...(spends.get(e.cardUid) ?? []), { at: Date.parse(e.at), cents: e.valueCents }]);
  }
  if (spends.size === 0) return 0;
  const cards = await db
    .select({
      id: loyaltyCards.id,
      uid: loyaltyCards.uid,
      companyId: loyaltyCards.companyId,
      ownerId: loyaltyCards.ownerId,
      number: loyaltyCards.number,
      operator: loyaltyOwners.isOperator,
    })
    .from(loyaltyCards)
    .innerJoin(loyaltyOwners, eq(loyaltyOwners.id, loyaltyCards.ownerId))
    .where(inArray(loyaltyCards.uid, [...spends.keys()]))
    .orderBy(asc(loyaltyCards.id));
  const places = await db
    .select({ id: posLocations.id, companyId: posLocations.companyId, premisesLabel: posLocations.premisesLabel, isu: posLocations.isu })
    .from(posLocations)
    .orderBy(asc(posLocations.id));
  const workers = await db
    .select({ id: posWorkers.id, posLocationId: posWorkers.posLocationId })
    .from(posWorkers)
    .where(eq(posWorkers.active, true))
    .orderBy(asc(posWorkers.id));
  // Who brings a partner's sales in: the company's manager.
  const managers = new Map(
    (
      await db
        .select({ companyId: users.companyId, id: sql<number>`min(${users.id})`.mapWith(Number) })
        .from(users)
        .where(sql`'manager' = any(${users.roles})`)
        .groupBy(users.companyId)
    ).map((m) => [m.companyId, m.id]),
  );
  // As the terminal names them in the audit trail: the worker and the point of sale, read once each.
  const actors = new Map<number, AuditActor>();
  const actorOf = async (workerId: number) => {
    const known = actors.get(workerId) ?? (await posWorkerActor(db, workerId, null));
    actors.set(workerId, known);
    return known;
  };
  const lastMonth = now.getTime() - 30 * 86_400_000;
  const spentLastMonth = cards.filter((c) => spends.get(c.uid)?.some((s) => s.at > lastMonth));
  const overspent = new Set(OVERSPENT_AT.map((share) => spentLastMonth[Math.floor(share * spentLastMonth.length)]?.id));
  // The sales planned card by card (with the bonus the owner's promotions add that day, as the sale
  // will), then made in time order across the cards: a point of sale's bills are numbered in time
  // order, so a sale made out of order would be billed later than it was paid (decision 0041).
  const planned: {
    at: Date;
    card: (typeof cards)[number];
    place: (typeof places)[number];
    workerId: number;
    paidCents: number;
    payment: 'card' | 'cash';
  }[] = [];
  for (const [n, card] of cards.entries()) {
    const list = (spends.get(card.uid) ?? []).sort((a, b) => a.at - b.at);
    const place = places.filter((p) => p.companyId === card.companyId)[n % 2];
    const worker = workers.find((w) => w.posLocationId === place?.id);
    if (!place || !worker) continue;
    let credit = 0;
    for (let i = 0; i < list.length; i++) {
      const spend = list[i] as { at: number; cents: number };
      if (credit < spend.cents && !(overspent.has(card.id) && spend.at > lastMonth)) {
        const horizon = spend.at + 21 * 86_400_000;
        const upcoming = list
          .slice(i)
          .filter((s) => s.at < horizon)
          .reduce((sum, s) => sum + s.cents, 0);
        const paidCents = Math.min(50_000, Math.max(2_000, Math.ceil(upcoming / 1_000) * 1_000));
        const at = new Date(Math.max(FLEET_SINCE.getTime(), spend.at - (40 + (n % 50)) * 60_000));
        planned.push({ at, card, place, workerId: worker.id, paidCents, payment: (n + i) % 3 === 0 ? 'card' : 'cash' });
        const bonus = card.operator
          ? await bonusPromotionFor(db, { companyId: card.companyId, ownerId: card.ownerId, at, paidCents })
          : null;
        credit += paidCents + (bonus?.bonusCents ?? 0);
      }
      credit -= spend.cents;
    }
  }
  let sold = 0;
  for (const { at, card, place, workerId, paidCents, payment } of planned.sort(
    (a, b) => a.at.getTime() - b.at.getTime() || a.card.id - b.card.id,
  )) {
    if (card.operator) {
      await sellCredit(db, keys, {
        companyId: card.companyId,
        cardId: card.id,
        posLocation: { ...place, active: true },
        workerId,
        userId: null,
        paidCents,
        payment,
        requestId: null,
        at,
        // As the terminal would: the point of sale's worker, no address (decision 0028).
        by: await actorOf(workerId),
      });
      sold += 1;
    } else {
      // A partner's card: its credit is sold at the partner's own till, outside Kovanica, and
      // brought in as a correction by the operator's manager (no bill here: the partner billed it);
      // the audit trail has it as the manager's correction (trail.ts).
      await db.transaction((tx) =>
        creditCard(tx, {
          companyId: card.companyId,
          cardId: card.id,
          kind: 'adjustment',
          at,
          paidCents,
          bonusCents: 0,
          userId: managers.get(card.companyId) ?? null,
          note: PARTNER_SALE,
        }),
      );
    }
  }
  return sold;
}

/**
 * The cards' ledgers as a live system would have written them, top-ups and spends in time order. The
 * history's top-ups are sold before its spends are written (`seedDemoTopUps`), so every spend found the
 * whole year's paid credit and never reached the bonus: read in time order, the paid credit went below
 * zero beside unspent bonus, which the rules do not allow (a card 252 read −10,00 € paid, 10,00 € bonus),
 * and the loyalty reports showed almost no bonus spent. Each spend is split again in time order
 * (`spendFrom`: the paid credit first, then the bonus), each row keeps the balance after it, and each
 * card its balance at the end. What was spent, when and where, is unchanged. A card whose corrections
 * would take its bonus below zero in time order is left as it was.
 */
export async function replayDemoLedgers(db: Db): Promise<number> {
  const result = await db.execute(sql`select id, card_id, kind, paid_cents, bonus_cents from card_transactions order by card_id, at, id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const lines: [number, number, number, number, number][] = [];
  const balances = new Map<number, CardBalance>();
  let index = 0;
  while (index < rows.length) {
    const card = Number(rows[index]?.card_id);
    const own: [number, number, number, number, number][] = [];
    let balance: CardBalance = { paidCents: 0, bonusCents: 0 };
    let fits = true;
    for (; index < rows.length && Number(rows[index]?.card_id) === card; index++) {
      const row = rows[index] as Record<string, unknown>;
      let paid = Number(row.paid_cents);
      let bonus = Number(row.bonus_cents);
      if (row.kind === 'spend') {
        const next = spendFrom(balance, -(paid + bonus));
        paid = next.paidDelta;
        bonus = next.bonusDelta;
      }
      balance = { paidCents: balance.paidCents + paid, bonusCents: balance.bonusCents + bonus };
      if (balance.bonusCents < 0) fits = false;
      own.push([Number(row.id), paid, bonus, balance.paidCents, balance.bonusCents]);
    }
    if (!fits) continue;
    lines.push(...own);
    balances.set(card, balance);
  }
  const column = (i: number, of: readonly (readonly number[])[]) => pgArray(of.map((line) => line[i] as number));
  for (let i = 0; i < lines.length; i += 5_000) {
    const part = lines.slice(i, i + 5_000);
    await db.execute(sql`update card_transactions c
      set paid_cents = v.paid, bonus_cents = v.bonus, paid_after_cents = v.paid_after, bonus_after_cents = v.bonus_after
      from unnest(${column(0, part)}::bigint[], ${column(1, part)}::bigint[], ${column(2, part)}::bigint[],
        ${column(3, part)}::bigint[], ${column(4, part)}::bigint[]) as v(id, paid, bonus, paid_after, bonus_after)
      where c.id = v.id`);
  }
  const cards = [...balances].map(([id, b]) => [id, b.paidCents, b.bonusCents]);
  if (cards.length)
    await db.execute(sql`update loyalty_cards c set paid_cents = v.paid, bonus_cents = v.bonus
      from unnest(${column(0, cards)}::int[], ${column(1, cards)}::bigint[], ${column(2, cards)}::bigint[]) as v(id, paid, bonus)
      where c.id = v.id`);
  return lines.length;
}

/** After the history: one card reported lost, one blocked at the desk (both with who and why: the company’s manager); every card issued before its first ledger row. */
export async function settleDemoCards(db: Db, now = new Date()): Promise<void> {
  const at = new Date(now.getTime() - 5 * 86_400_000);
  const statusChangedById = demoPersonOf(loyaltyCards.companyId, 'manager');
  await db
    .update(loyaltyCards)
    .set({ status: 'lost', statusReason: 'Izgubljena na bazenu, prijavila majka.', statusChangedAt: at, statusChangedById })
    .where(eq(loyaltyCards.uid, demoCardUid(12)));
  await db
    .update(loyaltyCards)
    .set({ status: 'blocked', statusReason: 'Sumnja na zlouporabu: kartica kopirana.', statusChangedAt: at, statusChangedById })
    .where(and(eq(loyaltyCards.uid, demoCardUid(33))));
  // A card was issued before anything was written on it: the day before its first ledger row.
  await db.execute(sql`update loyalty_cards c set created_at = f.first - interval '1 day'
    from (select card_id, min(at) as first from card_transactions group by card_id) f
    where f.card_id = c.id and f.first - interval '1 day' < c.created_at`);
}
