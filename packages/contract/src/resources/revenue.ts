import { z } from 'zod';
import { MAX_ITEMS_PER_PAGE } from '../http.ts';
import { zDate } from '../validation.ts';
import { deviceGroups } from './device-fields.ts';
import { type RevenueOrderField, type RevenuePart, revenueGroupings, revenueOrderFields } from './revenue-fields.ts';

const parts = {
  coinsCents: z.number().int(),
  notesCents: z.number().int(),
  cashlessCents: z.number().int(),
  cardCents: z.number().int(),
  tokens: z.number().int(),
  tokensCents: z.number().int(),
  revenueCents: z.number().int(),
  plays: z.number().int(),
  /** Revenue ÷ plays, rounded to the cent; null without plays. */
  averagePerPlayCents: z.number().int().nullable(),
  freeRides: z.number().int(),
  /** Card plays paid from the cards' bonus, in cents: not part of the revenue, like free rides and test plays. */
  cardBonusCents: z.number().int(),
  testPlays: z.number().int(),
} satisfies Record<RevenuePart, z.ZodType>;

const revenueOrder = Object.fromEntries(revenueOrderFields.map((field) => [`order[${field}]`, z.enum(['asc', 'desc']).optional()])) as {
  [K in RevenueOrderField as `order[${K}]`]: z.ZodOptional<z.ZodEnum<{ asc: 'asc'; desc: 'desc' }>>;
};

/**
 * Revenue per device and location (or per location) over whole business days (docs/rules.md "Revenue and VAT"): coins +
 * notes + cashless + loyalty cards' paid credit + tokens × their value, without test plays, free rides
 * and card plays paid from a bonus; each
 * part on its own, plays and the average per play. Today's revenue is `from = to = today`; the
 * detailed review any range. The lines come a page at a time (largest revenue first unless ordered
 * otherwise, decision 0015), the totals cover them all.
 */
export const revenueQuery = z.strictObject({
  from: zDate(),
  to: zDate(),
  location: z.string().optional(),
  device: z.string().optional(),
  group: z.enum(revenueGroupings).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_ITEMS_PER_PAGE).optional(),
  ...revenueOrder,
  client: z.string().optional(),
});
export type RevenueQuery = z.infer<typeof revenueQuery>;

/** A line of the report: a device at a location (`devices` 1), or a location with its devices summed. */
export const revenueRow = z.object({
  /** Null on a line per location. */
  device: z.string().nullable(),
  deviceName: z.string().nullable(),
  group: z.enum(deviceGroups).nullable(),
  /** Null for a device standing nowhere (and the line of such devices). */
  location: z.string().nullable(),
  locationName: z.string().nullable(),
  /** How many devices the line adds up. */
  devices: z.number().int(),
  ...parts,
});
export type RevenueRow = z.infer<typeof revenueRow>;

export const revenueReport = z.object({
  '@id': z.string(),
  '@type': z.literal('RevenueReport'),
  from: z.string(),
  to: z.string(),
  group: z.enum(revenueGroupings),
  /** This page of the lines. */
  rows: z.array(revenueRow),
  /** How many lines there are in all, and which of them `rows` are. */
  totalItems: z.number().int(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
  /** Every line summed (the average per play worked out again from the sums). */
  totals: z.object(parts),
});
export type RevenueReport = z.infer<typeof revenueReport>;

/**
 * Each company's revenue per business day (admins; docs/rules.md "Telemetry, devices in operation, deposits",
 * companies daily revenue): `GET /revenue/companies-daily?from&to`. The range is whole business days, `to`
 * not before `from`, at most a year.
 */
export const companiesDailyRevenueQuery = z.strictObject({
  from: zDate(),
  to: zDate(),
  client: z.string().optional(),
});
export type CompaniesDailyRevenueQuery = z.infer<typeof companiesDailyRevenueQuery>;

/** One business day's revenue (the same parts as above, without test plays and free rides) and plays. */
export const companiesDailyRevenueDay = z.object({
  day: z.string(),
  revenueCents: z.number().int(),
  plays: z.number().int(),
});
export type CompaniesDailyRevenueDay = z.infer<typeof companiesDailyRevenueDay>;

const rangeFigures = {
  /** Every day of the range in order, a day without plays as zero. */
  days: z.array(companiesDailyRevenueDay),
  revenueCents: z.number().int(),
  plays: z.number().int(),
};

export const companiesDailyRevenueRow = z.object({
  company: z.string(),
  companyName: z.string(),
  inVatSystem: z.boolean(),
  ...rangeFigures,
  /** The range's revenue without VAT (gross ÷ 1,25); null for a company outside the VAT system (gross only). */
  netCents: z.number().int().nullable(),
});
export type CompaniesDailyRevenueRow = z.infer<typeof companiesDailyRevenueRow>;

export const companiesDailyRevenue = z.object({
  '@id': z.string(),
  '@type': z.literal('CompaniesDailyRevenue'),
  from: z.string(),
  to: z.string(),
  /**
   * A row per company of the view that has devices (or revenue in the range), largest revenue first:
   * a company whose devices earned nothing shows zeros rather than going missing.
   */
  rows: z.array(companiesDailyRevenueRow),
  totals: z.object({
    ...rangeFigures,
    /** The rows' net, a company outside the VAT system adding its gross (it charges no VAT). */
    netCents: z.number().int(),
  }),
});
export type CompaniesDailyRevenue = z.infer<typeof companiesDailyRevenue>;
