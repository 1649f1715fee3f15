/**
 * The revenue reports' terms without zod (the web's first paint validates its search with them); the
 * schemas are in `revenue.ts`.
 */

/** How a revenue report's lines are cut: a line per device (and location it stood at), or per location. */
export const revenueGroupings = ['device', 'location'] as const;
export type RevenueGrouping = (typeof revenueGroupings)[number];

/** The figures of a revenue line, each summed over the line's rows. */
export const revenueParts = [
  'coinsCents',
  'notesCents',
  'cashlessCents',
  'cardCents',
  'tokens',
  'tokensCents',
  'revenueCents',
  'plays',
  'averagePerPlayCents',
  'freeRides',
  /** Card plays paid from a card's bonus: not revenue (docs/rules.md, "Revenue and VAT"). */
  'cardBonusCents',
  'testPlays',
] as const;
export type RevenuePart = (typeof revenueParts)[number];

/**
 * What a report's lines may be ordered by (`order[revenueCents]=desc`): the device's or the location's
 * name, how many devices, a figure.
 */
export const revenueOrderFields = ['device', 'location', 'devices', ...revenueParts] as const;
export type RevenueOrderField = (typeof revenueOrderFields)[number];
/** The longest range of the companies' daily revenue, in business days: a year, leap day included. */
export const COMPANIES_DAILY_REVENUE_MAX_DAYS = 366;

/**
 * The VAT rate of machine revenue in percent (docs/rules.md "Units, formats and languages": 25 %, the default for machines). Devices
 * carry no rate of their own yet, so every company in the VAT system is stated at this one.
 */
export const MACHINE_VAT_PERCENT = 25;

/** Net of a gross amount at a VAT rate: gross ÷ (1 + rate), rounded to the cent. */
export function netOfVat(grossCents: number, vatPercent = MACHINE_VAT_PERCENT): number {
  return Math.round((grossCents * 100) / (100 + vatPercent));
}
