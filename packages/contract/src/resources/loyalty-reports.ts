import { z } from 'zod';
import { MAX_ITEMS_PER_PAGE } from '../http.ts';
import { zDate } from '../validation.ts';
import { cardStatuses, loyaltyReportPeriods } from './loyalty-fields.ts';

/**
 * The loyalty reports (docs/rules.md "Loyalty reports"). Every figure is
 * read from the card ledger (`card_transactions`) by the time a row happened (`at`) in Zagreb days:
 * top-ups (their paid credit and the bonus a promotion added), spends (the paid part and the bonus
 * part, as positive amounts), staff corrections, and the **outstanding balance**: the credit the cards
 * hold at a moment, the paid part (money owed to the holders) apart from the bonus.
 */

const rangeQuery = {
  from: zDate(),
  to: zDate(),
  /** The All Companies view's company filter. */
  company: z.string().optional(),
  /** A loyalty owner's IRI: its cards only. */
  owner: z.string().optional(),
  client: z.string().optional(),
};
const paging = {
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_ITEMS_PER_PAGE).optional(),
};
const cents = z.number().int();
const count = z.number().int();

/** What moved on the cards in a range: counts and amounts, each spend and correction part apart. */
const flows = {
  topUps: count,
  /** The money paid at the points of sale. */
  topUpPaidCents: cents,
  /** The bonus promotions added to those top-ups. */
  bonusCents: cents,
  spends: count,
  /** Spent on the machines: the paid credit taken, and the bonus taken (positive amounts). */
  spendPaidCents: cents,
  spendBonusCents: cents,
  /** Staff corrections, signed. */
  adjustmentPaidCents: cents,
  adjustmentBonusCents: cents,
};
/** The flows every loyalty report's lines and totals carry (the screens' and the exports' columns). */
export type LoyaltyFlows = z.infer<z.ZodObject<typeof flows>>;
const outstanding = {
  /** The cards' paid credit at the end: money owed to the card holders. */
  outstandingPaidCents: cents,
  outstandingBonusCents: cents,
};

/**
 * `GET /loyalty-reports/general?from&to&period=month&owner=…`: per day, ISO week or month (clamped to
 * the range) the cards issued (created) and active (with a top-up, spend or correction in the period),
 * the flows, and the outstanding balance at the period's end; totals over the range, with the
 * outstanding balance at its start (`opening…`) and end. outstanding(end) − opening = top-ups + bonuses
 * + corrections − spends.
 */
export const loyaltyGeneralQuery = z.strictObject({ ...rangeQuery, period: z.enum(loyaltyReportPeriods).optional() });
export type LoyaltyGeneralQuery = z.infer<typeof loyaltyGeneralQuery>;

export const loyaltyGeneralPeriod = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  cardsIssued: count,
  cardsActive: count,
  ...flows,
  ...outstanding,
});
export type LoyaltyGeneralPeriod = z.infer<typeof loyaltyGeneralPeriod>;

export const loyaltyGeneralReport = z.object({
  '@id': z.string(),
  '@type': z.literal('LoyaltyGeneralReport'),
  from: z.string(),
  to: z.string(),
  period: z.enum(loyaltyReportPeriods),
  periods: z.array(loyaltyGeneralPeriod),
  totals: z.object({
    cardsIssued: count,
    /** Cards active at any time in the range (each counted once). */
    cardsActive: count,
    ...flows,
    openingPaidCents: cents,
    openingBonusCents: cents,
    ...outstanding,
  }),
});
export type LoyaltyGeneralReport = z.infer<typeof loyaltyGeneralReport>;

/**
 * A partner owner's settlement with the operator for the range: its cards' spends on the operator's
 * machines (the paid part), the commission the partner keeps (`commissionPercentage` of it, rounded
 * half up to the cent), and what it owes the operator (spends − commission).
 */
export const loyaltySettlement = z.object({
  operatorSpendPaidCents: cents,
  commissionPercentage: z.number(),
  commissionCents: cents,
  owedCents: cents,
});
export type LoyaltySettlement = z.infer<typeof loyaltySettlement>;

/** `GET /loyalty-reports/owners?from&to`: per loyalty owner its cards, the flows, the outstanding balance at the end and, for a partner, the settlement. */
export const loyaltyOwnerQuery = z.strictObject({ ...rangeQuery, ...paging });
export type LoyaltyOwnerQuery = z.infer<typeof loyaltyOwnerQuery>;

export const loyaltyOwnerRow = z.object({
  owner: z.string(),
  name: z.string(),
  isOperator: z.boolean(),
  company: z.string(),
  companyName: z.string(),
  /** Cards the owner has (created by the range's end) and those active in the range. */
  cards: count,
  cardsActive: count,
  ...flows,
  ...outstanding,
  /** Null for the operator's own programme. */
  settlement: loyaltySettlement.nullable(),
});
export type LoyaltyOwnerRow = z.infer<typeof loyaltyOwnerRow>;

const ownerTotals = z.object({
  cards: count,
  cardsActive: count,
  ...flows,
  ...outstanding,
  operatorSpendPaidCents: cents,
  owedCents: cents,
});

export const loyaltyOwnerReport = z.object({
  '@id': z.string(),
  '@type': z.literal('LoyaltyOwnerReport'),
  from: z.string(),
  to: z.string(),
  rows: z.array(loyaltyOwnerRow),
  totalItems: count,
  page: count,
  itemsPerPage: count,
  totals: ownerTotals,
});
export type LoyaltyOwnerReport = z.infer<typeof loyaltyOwnerReport>;

const direction = z.enum(['asc', 'desc']).optional();

/**
 * `GET /loyalty-reports/cards?from&to&owner&status&flagged&order[spends]=desc`: per card (created by the
 * range's end), a page at a time: top-ups, bonuses, spends, the balance at the end and the last use
 * (its last spend up to the end). Largest spends first unless ordered otherwise.
 */
export const loyaltyCardReportQuery = z.strictObject({
  ...rangeQuery,
  status: z.enum(cardStatuses).optional(),
  flagged: z.enum(['true', 'false']).optional(),
  ...paging,
  'order[spends]': direction,
  'order[topUps]': direction,
  'order[balance]': direction,
});
export type LoyaltyCardReportQuery = z.infer<typeof loyaltyCardReportQuery>;

const balance = { balancePaidCents: cents, balanceBonusCents: cents };

export const loyaltyCardRow = z.object({
  card: z.string(),
  number: z.string(),
  uid: z.string(),
  status: z.enum(cardStatuses),
  flagged: z.boolean(),
  owner: z.string(),
  ownerName: z.string(),
  holder: z.string().nullable(),
  holderName: z.string().nullable(),
  company: z.string(),
  companyName: z.string(),
  ...flows,
  ...balance,
  lastUsedAt: z.string().nullable(),
});
export type LoyaltyCardRow = z.infer<typeof loyaltyCardRow>;

const listTotals = z.object({ ...flows, ...balance });

export const loyaltyCardReport = z.object({
  '@id': z.string(),
  '@type': z.literal('LoyaltyCardReport'),
  from: z.string(),
  to: z.string(),
  rows: z.array(loyaltyCardRow),
  totalItems: count,
  page: count,
  itemsPerPage: count,
  totals: listTotals,
});
export type LoyaltyCardReport = z.infer<typeof loyaltyCardReport>;

/** `GET /loyalty-reports/holders?from&to&owner`: per card holder (by surname), a page at a time: cards, the flows, the balance at the end. */
export const loyaltyHolderReportQuery = z.strictObject({ ...rangeQuery, ...paging });
export type LoyaltyHolderReportQuery = z.infer<typeof loyaltyHolderReportQuery>;

export const loyaltyHolderRow = z.object({
  holder: z.string(),
  name: z.string(),
  ownerName: z.string(),
  company: z.string(),
  companyName: z.string(),
  cards: count,
  ...flows,
  ...balance,
});
export type LoyaltyHolderRow = z.infer<typeof loyaltyHolderRow>;

export const loyaltyHolderReport = z.object({
  '@id': z.string(),
  '@type': z.literal('LoyaltyHolderReport'),
  from: z.string(),
  to: z.string(),
  rows: z.array(loyaltyHolderRow),
  totalItems: count,
  page: count,
  itemsPerPage: count,
  totals: listTotals,
});
export type LoyaltyHolderReport = z.infer<typeof loyaltyHolderReport>;
