import { z } from 'zod';
import { MAX_ITEMS_PER_PAGE } from '../http.ts';
import { zDate } from '../validation.ts';
import { deviceGroups } from './device-fields.ts';
import {
  type ComparativeOrderField,
  comparativeOrderFields,
  comparativeSubjects,
  type FinanceCost,
  type FinanceFigure,
  financeCosts,
  financeFigures,
  financePeriods,
  financeSubjects,
  logisticSubjects,
} from './finance-fields.ts';

/**
 * A finance report (docs/rules.md "Money reports"): `GET /finance-report?subject=location&from&to&period=month`.
 * Revenue in its parts, gross, net and VAT, the rent owed for it and the operator's share (net − rent),
 * per subject and period; the company report adds maintenance, operational costs, prize cost and EBITDA.
 * Read from the rollups, never the raw events. Filters narrow the subjects: a company (admins' All
 * Companies view), a lessor, a location, a device. The lines come a page at a time (by period, then the
 * largest gross first); the totals and the per-period series (for the chart) cover them all.
 */
export const financeQuery = z.strictObject({
  subject: z.enum(financeSubjects),
  from: zDate(),
  to: zDate(),
  period: z.enum(financePeriods).optional(),
  company: z.string().optional(),
  lessor: z.string().optional(),
  location: z.string().optional(),
  device: z.string().optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_ITEMS_PER_PAGE).optional(),
  client: z.string().optional(),
});
export type FinanceQuery = z.infer<typeof financeQuery>;

const figures = Object.fromEntries(financeFigures.map((f) => [f, z.number().int()])) as Record<FinanceFigure, z.ZodNumber>;
const costs = Object.fromEntries(financeCosts.map((f) => [f, z.number().int().nullable()])) as Record<
  FinanceCost,
  z.ZodNullable<z.ZodNumber>
>;

export const financeRow = z.object({
  /** The period's first and last day inside the range. */
  periodStart: z.string(),
  periodEnd: z.string(),
  /** The subject's IRI; null for revenue of devices standing nowhere (location) or of locations without a lessor (lessor). */
  subject: z.string().nullable(),
  name: z.string().nullable(),
  company: z.string(),
  companyName: z.string(),
  ...figures,
  ...costs,
});
export type FinanceRow = z.infer<typeof financeRow>;

/** One period's figures over every subject: the report's chart. */
export const financePeriodTotals = z.object({ periodStart: z.string(), periodEnd: z.string(), ...figures, ...costs });
export type FinancePeriodTotals = z.infer<typeof financePeriodTotals>;

export const financeReport = z.object({
  '@id': z.string(),
  '@type': z.literal('FinanceReport'),
  subject: z.enum(financeSubjects),
  from: z.string(),
  to: z.string(),
  period: z.enum(financePeriods),
  rows: z.array(financeRow),
  totalItems: z.number().int(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
  /** Every period in order, an empty one as zeros. */
  periods: z.array(financePeriodTotals),
  totals: z.object({ ...figures, ...costs }),
});
export type FinanceReport = z.infer<typeof financeReport>;

const comparativeOrder = Object.fromEntries(comparativeOrderFields.map((f) => [`order[${f}]`, z.enum(['asc', 'desc']).optional()])) as {
  [K in ComparativeOrderField as `order[${K}]`]: z.ZodOptional<z.ZodEnum<{ asc: 'asc'; desc: 'desc' }>>;
};

/**
 * Two periods side by side (docs/rules.md "Money reports", comparative analysis):
 * `GET /comparative-analysis?subject=location&from&to&compareFrom&compareTo`, each subject's revenue (gross)
 * and plays in the period and in the one it is compared with, the change and the change in percent (null when
 * the earlier period earned nothing), ranked. Each period at most `FINANCE_MAX_DAYS` long.
 */
export const comparativeQuery = z.strictObject({
  subject: z.enum(comparativeSubjects),
  from: zDate(),
  to: zDate(),
  compareFrom: zDate(),
  compareTo: zDate(),
  company: z.string().optional(),
  lessor: z.string().optional(),
  location: z.string().optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_ITEMS_PER_PAGE).optional(),
  ...comparativeOrder,
  client: z.string().optional(),
});
export type ComparativeQuery = z.infer<typeof comparativeQuery>;

const comparedFigures = {
  currentCents: z.number().int(),
  previousCents: z.number().int(),
  changeCents: z.number().int(),
  changePercent: z.number().nullable(),
  currentPlays: z.number().int(),
  previousPlays: z.number().int(),
};

export const comparativeRow = z.object({
  /** 1 for the first line in the order asked for. */
  rank: z.number().int(),
  subject: z.string().nullable(),
  name: z.string().nullable(),
  company: z.string(),
  companyName: z.string(),
  ...comparedFigures,
});
export type ComparativeRow = z.infer<typeof comparativeRow>;

export const comparativeAnalysis = z.object({
  '@id': z.string(),
  '@type': z.literal('ComparativeAnalysis'),
  subject: z.enum(comparativeSubjects),
  from: z.string(),
  to: z.string(),
  compareFrom: z.string(),
  compareTo: z.string(),
  rows: z.array(comparativeRow),
  totalItems: z.number().int(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
  totals: z.object(comparedFigures),
});
export type ComparativeAnalysis = z.infer<typeof comparativeAnalysis>;

/**
 * The logistic report (docs/rules.md "Money reports", logistic report): `GET /logistic-report?subject=device&from&to&location=…`. It runs
 * only with a filter (company, lessor, location, device or device group; 422 `filter_required`
 * otherwise). Per device (or location and group): plays and revenue of the range; for saldo reducers
 * money in, paid out (prizes out × token value) and the net saldo; for prize devices prizes out, the
 * payout ratio, prizes left in the machine (loaded − paid out) and the refill for the next two weeks;
 * and for every box the cash in it, days since emptying and the day it is forecast to be full (from its
 * intake over the last 14 days and its capacity). Lines come as a visit list: the soonest full first.
 */
export const logisticQuery = z.strictObject({
  subject: z.enum(logisticSubjects),
  from: zDate(),
  to: zDate(),
  company: z.string().optional(),
  lessor: z.string().optional(),
  location: z.string().optional(),
  device: z.string().optional(),
  group: z.enum(deviceGroups).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_ITEMS_PER_PAGE).optional(),
  client: z.string().optional(),
});
export type LogisticQuery = z.infer<typeof logisticQuery>;

export const logisticRow = z.object({
  subject: z.string().nullable(),
  name: z.string().nullable(),
  locationName: z.string().nullable(),
  group: z.enum(deviceGroups),
  devices: z.number().int(),
  plays: z.number().int(),
  grossCents: z.number().int(),
  /** Coins, notes, cashless and loyalty card: money put in. */
  moneyInCents: z.number().int(),
  /** Saldo reducers: prizes out × token value; null for other groups. */
  paidOutCents: z.number().int().nullable(),
  netSaldoCents: z.number().int().nullable(),
  prizesOut: z.number().int(),
  /** Prize devices: prizes out ÷ plays (0–1); null for other groups or without plays. */
  payoutRatio: z.number().nullable(),
  /** Prize devices: units loaded (stock issued to the device) − prizes paid out, ever. */
  prizesLeft: z.number().int().nullable(),
  /** Prize devices: what the next two weeks will pay out (recent rate) beyond what is left. */
  prizesToRefill: z.number().int().nullable(),
  cashInBoxCents: z.number().int(),
  lastEmptiedAt: z.string().nullable(),
  daysSinceEmptying: z.number().int().nullable(),
  /** Cash into the box per day over the last 14 days. */
  dailyIntakeCents: z.number().int(),
  capacityCents: z.number().int().nullable(),
  /** The business day the box is forecast to be full; null without a capacity or an intake. */
  fullOn: z.string().nullable(),
});
export type LogisticRow = z.infer<typeof logisticRow>;

export const logisticReport = z.object({
  '@id': z.string(),
  '@type': z.literal('LogisticReport'),
  subject: z.enum(logisticSubjects),
  from: z.string(),
  to: z.string(),
  rows: z.array(logisticRow),
  totalItems: z.number().int(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
  totals: z.object({
    plays: z.number().int(),
    grossCents: z.number().int(),
    cashInBoxCents: z.number().int(),
    prizesToRefill: z.number().int(),
  }),
});
export type LogisticReport = z.infer<typeof logisticReport>;
