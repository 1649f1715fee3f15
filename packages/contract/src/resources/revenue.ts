import { z } from 'zod';
import { zDate } from '../validation.ts';
import { deviceGroups } from './devices.ts';

/**
 * Revenue per device and location over whole business days (domain.md §8): coins + notes + cashless +
 * loyalty cards + tokens × their value, without test plays and free rides; each part on its own, plays
 * and the average per play. Today's revenue is `from = to = today`; the detailed review any range.
 */
export const revenueQuery = z.strictObject({
  from: zDate(),
  to: zDate(),
  location: z.string().optional(),
  device: z.string().optional(),
  client: z.string().optional(),
});
export type RevenueQuery = z.infer<typeof revenueQuery>;

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
  testPlays: z.number().int(),
};

export const revenueRow = z.object({
  device: z.string(),
  deviceName: z.string(),
  group: z.enum(deviceGroups),
  location: z.string().nullable(),
  locationName: z.string().nullable(),
  ...parts,
});
export type RevenueRow = z.infer<typeof revenueRow>;

export const revenueReport = z.object({
  '@id': z.string(),
  '@type': z.literal('RevenueReport'),
  from: z.string(),
  to: z.string(),
  /** A row per device and location it stood at, largest revenue first. */
  rows: z.array(revenueRow),
  totals: z.object(parts),
});
export type RevenueReport = z.infer<typeof revenueReport>;

/** The longest range of the companies' daily revenue, in business days: a year, leap day included. */
export const COMPANIES_DAILY_REVENUE_MAX_DAYS = 366;

/**
 * The VAT rate of machine revenue in percent (domain.md §2: 25 %, the default for machines). Devices
 * carry no rate of their own yet, so every company in the VAT system is stated at this one.
 */
export const MACHINE_VAT_PERCENT = 25;

/** Net of a gross amount at a VAT rate: gross ÷ (1 + rate), rounded to the cent. */
export function netOfVat(grossCents: number, vatPercent = MACHINE_VAT_PERCENT): number {
  return Math.round((grossCents * 100) / (100 + vatPercent));
}

/**
 * Each company's revenue per business day (domain.md §8, admins): `GET /revenue/companies-daily?from&to`.
 * The range is whole business days, `to` not before `from`, at most a year.
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
