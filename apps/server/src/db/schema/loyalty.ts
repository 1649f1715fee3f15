import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bills } from './bills.ts';
import { companyColumn, createdAtColumn, idColumn } from './columns.ts';
import { devices } from './devices.ts';
import { locations } from './locations.ts';
import { users } from './users.ts';

// The loyalty programme (docs/rules.md "Loyalty: cards, spends, top-ups"; decision 0023): who runs it (owners), the cards and their
// holders, the ledger of every credit and debit, top-ups at points of sale, promotions and promo
// boxes. Money is in cents; a card's balance is two amounts, the paid credit and the bonus, kept
// apart everywhere because only the paid credit is money owed to the holder.

const updatedAtColumn = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Who runs a programme: the company itself (`is_operator`) or a partner. A partner's cards spent on
 * the operator's machines are settled at the end of the month: the partner, who took the money at
 * the top-up, owes the operator the spends less `commission_bp` (hundredths of a percent) it keeps.
 * `app_key_hash`: the SHA-256 of the card holders' app's credential (decision 0006's pattern).
 */
export const loyaltyOwners = pgTable(
  'loyalty_owners',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    oib: text().notNull(),
    isOperator: boolean().notNull().default(false),
    email: text(),
    phone: text(),
    address: text(),
    commissionBp: integer().notNull().default(0),
    appKeyHash: text(),
    appKeyIssuedAt: timestamp({ withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('loyalty_owners_company_idx').on(t.companyId), uniqueIndex('loyalty_owners_app_key').on(t.appKeyHash)],
);

/** Card holders (the legacy app's loyalty "users"): contact data and the consent they gave. */
export const cardHolders = pgTable(
  'card_holders',
  {
    id: idColumn(),
    companyId: companyColumn(),
    ownerId: integer()
      .notNull()
      .references(() => loyaltyOwners.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    surname: text().notNull(),
    email: text(),
    phone: text(),
    /** When consent to keep the data was given, and the version of the text agreed to. */
    consentAt: timestamp({ withTimezone: true }),
    consentVersion: text(),
    note: text(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('card_holders_company_idx').on(t.companyId, t.surname), index('card_holders_owner_idx').on(t.ownerId)],
);

export type CardStatus = 'active' | 'blocked' | 'lost';

/**
 * RFID cards. `uid` is the chip's id as the loggers send it (upper-case hex), `number` the one
 * printed on the card; both unique in the company. The balance is `paid_cents` + `bonus_cents`,
 * changed only together with a ledger row (`card_transactions`). A spend the card did not cover
 * (a device offline, a blocked card) still happened: the paid credit goes negative and `flagged` is set.
 */
export const loyaltyCards = pgTable(
  'loyalty_cards',
  {
    id: idColumn(),
    companyId: companyColumn(),
    ownerId: integer()
      .notNull()
      .references(() => loyaltyOwners.id, { onDelete: 'restrict' }),
    holderId: integer().references(() => cardHolders.id, { onDelete: 'set null' }),
    uid: text().notNull(),
    number: text().notNull(),
    status: text().$type<CardStatus>().notNull().default('active'),
    statusReason: text(),
    statusChangedAt: timestamp({ withTimezone: true }),
    statusChangedById: integer().references(() => users.id, { onDelete: 'set null' }),
    paidCents: bigint({ mode: 'number' }).notNull().default(0),
    bonusCents: bigint({ mode: 'number' }).notNull().default(0),
    flagged: boolean().notNull().default(false),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('loyalty_cards_uid_key').on(t.companyId, t.uid),
    uniqueIndex('loyalty_cards_number_key').on(t.companyId, t.number),
    index('loyalty_cards_owner_idx').on(t.ownerId),
    index('loyalty_cards_holder_idx').on(t.holderId),
    check('loyalty_cards_bonus_not_negative', sql`${t.bonusCents} >= 0`),
  ],
);

/** Companies that sell credit at points of sale (a partner's shops, or the operator's own desk). */
export const posOwners = pgTable(
  'pos_owners',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    oib: text().notNull(),
    email: text(),
    phone: text(),
    address: text(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('pos_owners_company_idx').on(t.companyId)],
);

/**
 * A point of sale: where top-ups are sold and billed (its business premises and ISU name the bills,
 * `N/PREMISES/ISU`). `terminal_key_hash`: the SHA-256 of the POS terminal's credential.
 */
export const posLocations = pgTable(
  'pos_locations',
  {
    id: idColumn(),
    companyId: companyColumn(),
    posOwnerId: integer()
      .notNull()
      .references(() => posOwners.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    address: text(),
    premisesLabel: text().notNull(),
    isu: text().notNull(),
    active: boolean().notNull().default(true),
    terminalKeyHash: text(),
    terminalKeyIssuedAt: timestamp({ withTimezone: true }),
    /** When the point of sale was last switched off: its terminal's sessions issued before it are over. */
    sessionsEndedAt: timestamp({ withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('pos_locations_company_idx').on(t.companyId),
    index('pos_locations_owner_idx').on(t.posOwnerId),
    uniqueIndex('pos_locations_terminal_key').on(t.terminalKeyHash),
  ],
);

/**
 * People who sell credit at a point of sale. They sign in to the terminal with a PIN (kept as a slow
 * hash, like passwords); `failed_pins` and `locked_until` rate-limit guessing. `oib` is the operator
 * OIB on the bills they issue.
 */
export const posWorkers = pgTable(
  'pos_workers',
  {
    id: idColumn(),
    companyId: companyColumn(),
    posLocationId: integer()
      .notNull()
      .references(() => posLocations.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    surname: text().notNull(),
    oib: text().notNull(),
    pinHash: text(),
    pinSetAt: timestamp({ withTimezone: true }),
    failedPins: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    active: boolean().notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('pos_workers_company_idx').on(t.companyId), index('pos_workers_location_idx').on(t.posLocationId)],
);

export type PromotionKind = 'bonus' | 'happy_hour';
/** A bonus tier: from this paid amount on, this share of it as bonus (hundredths of a percent). */
export interface BonusTier {
  fromCents: number;
  bonusBp: number;
}

/**
 * Promotions of an owner's programme, within dates: `bonus` adds credit to top-ups by tiers (the
 * highest tier reached counts); `happy_hour` gives chosen devices a lower play price on chosen
 * weekdays (ISO, 1 = Monday) between two times of day in Zagreb.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: idColumn(),
    companyId: companyColumn(),
    ownerId: integer()
      .notNull()
      .references(() => loyaltyOwners.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    kind: text().$type<PromotionKind>().notNull(),
    validFrom: date({ mode: 'string' }).notNull(),
    validTo: date({ mode: 'string' }),
    active: boolean().notNull().default(true),
    tiers: jsonb().$type<BonusTier[]>().notNull().default([]),
    deviceIds: integer().array().notNull().default([]),
    priceCents: integer(),
    hoursFrom: text(),
    hoursTo: text(),
    weekdays: integer().array().notNull().default([]),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('promotions_company_idx').on(t.companyId, t.validFrom), index('promotions_owner_idx').on(t.ownerId)],
);

export type PromoAudience = 'all' | 'active' | 'inactive';

/** What the card holders' app shows: a box with a title, colours, text and an optional button. */
export const promoBoxes = pgTable(
  'promo_boxes',
  {
    id: idColumn(),
    companyId: companyColumn(),
    ownerId: integer()
      .notNull()
      .references(() => loyaltyOwners.id, { onDelete: 'restrict' }),
    title: text().notNull(),
    text: text(),
    backgroundColor: text().notNull(),
    textColor: text().notNull(),
    buttonLabel: text(),
    buttonLink: text(),
    activeFrom: date({ mode: 'string' }).notNull(),
    activeTo: date({ mode: 'string' }),
    audience: text().$type<PromoAudience>().notNull().default('all'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('promo_boxes_company_idx').on(t.companyId, t.activeFrom), index('promo_boxes_owner_idx').on(t.ownerId)],
);

export type TopUpPayment = 'cash' | 'card';

/**
 * Credit sold at a point of sale: the money paid (`paid_cents`, billed and fiscalized there), the
 * bonus a promotion added, who sold it. `request_id` makes a terminal's retried top-up a no-op.
 */
export const topUps = pgTable(
  'top_ups',
  {
    id: idColumn(),
    companyId: companyColumn(),
    cardId: integer()
      .notNull()
      .references(() => loyaltyCards.id, { onDelete: 'restrict' }),
    posLocationId: integer()
      .notNull()
      .references(() => posLocations.id, { onDelete: 'restrict' }),
    posWorkerId: integer().references(() => posWorkers.id, { onDelete: 'restrict' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    at: timestamp({ withTimezone: true }).notNull(),
    paidCents: integer().notNull(),
    bonusCents: integer().notNull().default(0),
    promotionId: integer().references(() => promotions.id, { onDelete: 'restrict' }),
    payment: text().$type<TopUpPayment>().notNull(),
    billId: integer().references(() => bills.id, { onDelete: 'restrict' }),
    requestId: text(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('top_ups_company_at_idx').on(t.companyId, t.at, t.id),
    index('top_ups_at_idx').on(t.at, t.id),
    index('top_ups_card_idx').on(t.cardId, t.at),
    uniqueIndex('top_ups_request_key').on(t.posLocationId, t.requestId),
    check('top_ups_paid_positive', sql`${t.paidCents} > 0 and ${t.bonusCents} >= 0`),
  ],
);

export type CardTransactionKind = 'top_up' | 'spend' | 'adjustment';

/**
 * The card ledger: every change of a card's balance, with the balance after it. A spend names the
 * telemetry event it came from (`logger_id`, `seq`, unique), so a batch sent again debits nothing.
 */
export const cardTransactions = pgTable(
  'card_transactions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    cardId: integer()
      .notNull()
      .references(() => loyaltyCards.id, { onDelete: 'restrict' }),
    kind: text().$type<CardTransactionKind>().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    paidCents: bigint({ mode: 'number' }).notNull(),
    bonusCents: bigint({ mode: 'number' }).notNull(),
    paidAfterCents: bigint({ mode: 'number' }).notNull(),
    bonusAfterCents: bigint({ mode: 'number' }).notNull(),
    deviceId: integer().references(() => devices.id, { onDelete: 'restrict' }),
    locationId: integer().references(() => locations.id, { onDelete: 'restrict' }),
    loggerId: integer(),
    seq: bigint({ mode: 'number' }),
    topUpId: integer().references(() => topUps.id, { onDelete: 'restrict' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    note: text(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('card_transactions_spend_key').on(t.loggerId, t.seq),
    index('card_transactions_card_idx').on(t.cardId, t.at, t.id),
    // Keyset pages (`at desc, id desc`, decision 0010), the company's and All Companies.
    index('card_transactions_company_at_idx').on(t.companyId, t.at, t.id),
    index('card_transactions_at_idx').on(t.at, t.id),
    index('card_transactions_top_up_idx').on(t.topUpId).where(sql`${t.topUpId} is not null`),
  ],
);
