import { z } from 'zod';

/** Figures of the companies in the caller's view. Revenue indexes and forecasts come with telemetry. */
export const dashboardSummary = z.object({
  '@id': z.string(),
  '@type': z.literal('DashboardSummary'),
  companies: z.number().int(),
  users: z.number().int(),
  activeUsers: z.number().int(),
  locations: z.number().int(),
  devices: z.number().int(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/**
 * A revenue index (domain.md §8): revenue of the period to date ÷ revenue over the same span of the
 * comparison period × 100, the span cut at the same time of day. Null when the comparison earned nothing.
 */
export const dashboardIndex = z.object({
  currentCents: z.number().int(),
  comparisonCents: z.number().int(),
  index: z.number().nullable(),
  /**
   * The first day with revenue in the view when it falls inside the comparison span after its first
   * day: nothing was recorded before it, so the comparison holds only that part of its span (a new
   * company's first year). Null otherwise.
   */
  recordedFrom: z.string().nullable(),
});
export type DashboardIndex = z.infer<typeof dashboardIndex>;

export const dashboardDay = z.object({ day: z.string(), revenueCents: z.number().int() });
export type DashboardDay = z.infer<typeof dashboardDay>;

/** Every figure of the dashboard (original §1, domain.md §8), for the companies of the caller's view. */
export const dashboardFigures = z.object({
  '@id': z.string(),
  '@type': z.literal('DashboardFigures'),
  /** The business day and the time of day the figures were cut at. */
  today: z.string(),
  asOf: z.string(),
  indexes: z.object({
    /** Today vs the same weekday a week earlier; `dailyLastYear` vs 52 weeks earlier. */
    daily: dashboardIndex,
    dailyLastYear: dashboardIndex,
    /** This ISO week to date vs last week; vs the same week a year (52 weeks) earlier. */
    weekly: dashboardIndex,
    weeklyLastYear: dashboardIndex,
    /** This month to date vs last month; vs the same month last year. */
    monthly: dashboardIndex,
    monthlyLastYear: dashboardIndex,
    /** This year to date vs last year to date. */
    yearly: dashboardIndex,
  }),
  devices: z.object({ total: z.number().int(), problematic: z.number().int(), critical: z.number().int() }),
  /** Cash in every box since its last emptying, as telemetry counted it. */
  balanceCents: z.number().int(),
  thisMonthCents: z.number().int(),
  lastMonthCents: z.number().int(),
  /** Revenue per business day, oldest first, today (so far) last: the last 30 and the last 365 days. */
  traffic30: z.array(dashboardDay),
  traffic365: z.array(dashboardDay),
  /** Daily revenue for the next 30 days from the days before today, with an interval (~80 %). */
  forecast: z.object({
    points: z.array(z.object({ day: z.string(), valueCents: z.number().int(), lowCents: z.number().int(), highCents: z.number().int() })),
    /** The model's backtest error (MASE) beside the naive forecasts' (last value; same weekday a week earlier). */
    backtest: z
      .object({ model: z.number(), naive: z.number(), seasonalNaive: z.number(), origins: z.number().int(), horizon: z.number().int() })
      .nullable(),
  }),
  /** Lessors whose contract ends within 30 days. */
  contractsEnding: z.array(z.object({ lessor: z.string(), name: z.string(), contractEnd: z.string() })),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;
