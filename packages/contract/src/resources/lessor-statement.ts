import { z } from 'zod';
import { isCalendarDate } from '../checks.ts';
import { rentalTermsApplied } from './locations.ts';
import { rentalTypes } from './shared.ts';

/** A calendar month, `YYYY-MM`, within `DATE_RANGE` (a 400 naming `month` otherwise). */
export const zMonth = () =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'format', abort: true })
    .refine((v) => isCalendarDate(`${v}-01`), { error: 'format' });

/**
 * The monthly lessor statement (docs/rules.md "Money reports", monthly lessor statement): `GET /lessors/{id}/statement?month=YYYY-MM`,
 * `finance.read`. For one calendar month, each of the lessor's locations with its revenue, the rent
 * worked out for it and how (the terms that applied and where each came from, the contract's days in
 * the month), and the rent owed in all. Its figures are the finance report's for that month
 * (`subject=location&lessor=…&period=month`); the web makes the PDF of it (decision 0018).
 */
export const lessorStatementQuery = z.strictObject({
  month: zMonth(),
  client: z.string().optional(),
});
export type LessorStatementQuery = z.infer<typeof lessorStatementQuery>;

const revenue = {
  coinsCents: z.number().int(),
  notesCents: z.number().int(),
  cashlessCents: z.number().int(),
  cardCents: z.number().int(),
  tokens: z.number().int(),
  tokensCents: z.number().int(),
  grossCents: z.number().int(),
};

export const lessorStatementLine = z.object({
  location: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  cityName: z.string().nullable(),
  /** The month's revenue at the location (where its devices stood), in its parts. */
  ...revenue,
  /** Each term as it applied: the location's own, else the lessor's. */
  terms: rentalTermsApplied,
  /** Some term is the location's own (it overrides the lessor's). */
  ownTerms: z.boolean(),
  /** The days of the month the rent counts: inside the contract and not after today; none without terms. */
  contractFrom: z.string().nullable(),
  contractTo: z.string().nullable(),
  contractDays: z.number().int(),
  /** The revenue on those days: what a percentage is taken of. */
  basisCents: z.number().int(),
  /** The fixed amount for those days (amount × contract days ÷ days in the month). */
  fixedCents: z.number().int(),
  /** Mixed terms: the income limit for those days, prorated like the amount. */
  limitCents: z.number().int(),
  /** The percentage part: rent − fixed part (so the parts add up to the rounded rent). */
  percentCents: z.number().int(),
  /** The location's rent for the month, rounded to the cent as the finance report's line. */
  rentCents: z.number().int(),
});
export type LessorStatementLine = z.infer<typeof lessorStatementLine>;

export const lessorStatement = z.object({
  '@id': z.string(),
  '@type': z.literal('LessorStatement'),
  /** `YYYY-MM`, its first and last day and how many days it has. */
  month: z.string(),
  from: z.string(),
  to: z.string(),
  daysInMonth: z.number().int(),
  /** The last day counted: the month's last, or today in the running month; null for a month yet to come. */
  countedTo: z.string().nullable(),
  /** The month is the running one: its rent counts to today. */
  running: z.boolean(),
  /** The business day the statement was made. */
  madeOn: z.string(),
  /** The operator: the lessor's company. */
  company: z.object({ '@id': z.string(), name: z.string(), oib: z.string(), address: z.string(), inVatSystem: z.boolean() }),
  lessor: z.object({
    '@id': z.string(),
    name: z.string(),
    oib: z.string(),
    contractStart: z.string().nullable(),
    contractEnd: z.string().nullable(),
    rentalType: z.enum(rentalTypes),
    rentalPercentage: z.number().nullable(),
    contractRentalAmountCents: z.number().int().nullable(),
    incomeLimitCents: z.number().int().nullable(),
  }),
  /** Every location of the lessor, by name. */
  lines: z.array(lessorStatementLine),
  totals: z.object({ ...revenue, rentCents: z.number().int() }),
});
export type LessorStatement = z.infer<typeof lessorStatement>;
