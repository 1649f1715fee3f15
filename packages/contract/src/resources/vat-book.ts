import { z } from 'zod';
import { zMonth } from './lessor-statement.ts';

/**
 * The VAT book (docs/rules.md, "VAT book"): `GET /vat-book?month=YYYY-MM[&company=]`, `bills.read`.
 * Every bill issued in one Zagreb calendar month, summed by VAT rate and kind (a storno negative, in
 * its rate), the totals the monthly VAT return needs, and a reconciliation that takes the bills' total
 * line by line to the finance report's gross and VAT of the same month and companies.
 */
export const vatBookQuery = z.strictObject({
  month: zMonth(),
  /** An IRI or id; a company of the caller's view (admins' and top-level managers' All Companies view). */
  company: z.string().optional(),
  client: z.string().optional(),
});
export type VatBookQuery = z.infer<typeof vatBookQuery>;

/**
 * What a bill is for: a machine's payment, a loyalty card's top-up (a bill at the point of sale), any
 * other bill written by hand (a cash desk's sale: a party, tokens), a storno of any of them.
 */
export const vatBookKinds = ['device', 'top_up', 'manual', 'storno'] as const;
export type VatBookKind = (typeof vatBookKinds)[number];

const sums = {
  bills: z.number().int(),
  /** Zero for bills of a company outside the VAT system (they carry no base and no VAT). */
  baseCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
};

/** A rate's place in the book: `inVatSystem` false is the "not in the VAT system" line (its `vatRate` null). */
const rate = {
  inVatSystem: z.boolean(),
  /** Percent (25, 13, 5); null outside the VAT system. */
  vatRate: z.number().nullable(),
};

export const vatBookLine = z.object({ ...rate, kind: z.enum(vatBookKinds), ...sums });
export type VatBookLine = z.infer<typeof vatBookLine>;
export const vatBookRate = z.object({ ...rate, ...sums });
export type VatBookRate = z.infer<typeof vatBookRate>;

/**
 * The reconciliation's lines, in order: each a signed amount (gross and VAT) that takes the bills'
 * total towards the finance report's gross; `aside` lines are in neither (their amount is told apart).
 */
export const vatReconciliationKeys = [
  'topUps',
  'manual',
  'storno',
  'earlierPayments',
  'laterBills',
  'unbilled',
  'closedMonthIn',
  'closedMonthOut',
  'cardPlays',
  'tokenPlays',
  'bonusPlays',
  'testPlays',
] as const;
export type VatReconciliationKey = (typeof vatReconciliationKeys)[number];

export const vatReconciliationLine = z.object({
  line: z.enum(vatReconciliationKeys),
  /** Added to the bills' total on the way to the finance report's gross (negative: taken off). */
  grossCents: z.number().int(),
  /** Added to the bills' VAT on the way to the finance report's VAT (the machines' bills' VAT). */
  vatCents: z.number().int(),
  /** Bills or payments behind the line; null where the finance report counts no such thing (card, token and bonus plays). */
  count: z.number().int().nullable(),
  /** What the line is worth that counts on neither side (bonus and test plays); null for the others. */
  asideCents: z.number().int().nullable(),
});
export type VatReconciliationLine = z.infer<typeof vatReconciliationLine>;

export const vatReconciliation = z.object({
  billsTotalCents: z.number().int(),
  billsVatCents: z.number().int(),
  lines: z.array(vatReconciliationLine),
  /** The finance report's figures of the month and companies (`GET /finance-report`). */
  financeGrossCents: z.number().int(),
  financeVatCents: z.number().int(),
  /** The VAT of the card and token plays, charged when the credit or tokens were sold (in the top-up bills of their month). */
  financeSaleVatCents: z.number().int(),
  /** What the lines leave unexplained: zero unless the bills and the rollups disagree (a warning on the screen). */
  unexplainedGrossCents: z.number().int(),
  unexplainedVatCents: z.number().int(),
});
export type VatReconciliation = z.infer<typeof vatReconciliation>;

export const vatBook = z.object({
  '@id': z.string(),
  '@type': z.literal('VatBook'),
  month: z.string(),
  /** The month's first and last day. */
  from: z.string(),
  to: z.string(),
  /** By rate (25, 13, 5 %, then not in the VAT system), then kind; only the lines with bills. */
  lines: z.array(vatBookLine),
  /** Per rate: what the VAT return needs (base and VAT), storno included. */
  rates: z.array(vatBookRate),
  totals: z.object(sums),
  reconciliation: vatReconciliation,
});
export type VatBook = z.infer<typeof vatBook>;
