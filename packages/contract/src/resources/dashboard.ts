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
 * An index is shown only once its span to date holds enough to mean something (docs/rules.md, "Dashboard
 * figures"): a span that is still today alone (the daily indexes always; the weekly on a Monday, the
 * monthly on the 1st, the yearly on 1 January) needs the day to have run `INDEX_MIN_MINUTES` on the
 * Zagreb clock and the day compared with to hold `INDEX_MIN_PAYMENTS` payments by the same time.
 */
export const INDEX_MIN_MINUTES = 60;
export const INDEX_MIN_PAYMENTS = 10;

/**
 * A revenue index (docs/rules.md "Money reports and the dashboard", dashboard indexes): revenue of the period
 * to date ÷ revenue over the same span of the comparison period × 100, the span cut at the same time of day.
 * Null when the comparison earned nothing, or while it is too early in the day to compare (`noIndex` says
 * which).
 */
export const dashboardIndex = z.object({
  currentCents: z.number().int(),
  comparisonCents: z.number().int(),
  index: z.number().nullable(),
  /** Why there is no index: `nothing_compared` (the comparison span earned nothing), `too_early` (see `INDEX_MIN_MINUTES`). */
  noIndex: z.enum(['nothing_compared', 'too_early']).nullable(),
  /** The current span's first day (it runs to now); the period's first day unless the record cut it (`recordedFrom`). */
  from: z.string(),
  /** The comparison span's first and last day; the last is cut at the time of day it is now, or whole (a shorter month). */
  comparisonFrom: z.string(),
  comparisonTo: z.string(),
  /**
   * The view's first day with revenue when it fell inside the comparison period after its first day:
   * nothing was recorded before it, so both spans were cut to start there (the comparison on that day,
   * the current span on the same day of its period: `from`). Null otherwise.
   */
  recordedFrom: z.string().nullable(),
});
export type DashboardIndex = z.infer<typeof dashboardIndex>;

export const dashboardDay = z.object({ day: z.string(), revenueCents: z.number().int() });
export type DashboardDay = z.infer<typeof dashboardDay>;

/** Every figure of the dashboard (docs/rules.md "Money reports and the dashboard"), for the companies of the caller's view. */
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
  /** Revenue per business day, oldest first: the last 30 and the last 365 whole days, yesterday last (today's unfinished day is in the daily index). */
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

/**
 * The demo's 13 months of history as the first start writes them after the server listens
 * (decision 0044): `none` when there is nothing to wait for (no demo, a demo without history, or one
 * written whole before the server listened), `writing` while the telemetry is written (`month` of
 * `months`, `percent` of the events, at `eventsPerSecond`) and then settled (`phase`), `done` after.
 * Screens whose figures read the past say so while it is `writing`.
 */
export const demoHistoryStatus = z.object({
  '@id': z.string(),
  '@type': z.literal('DemoHistory'),
  state: z.enum(['none', 'writing', 'done']),
  /** `telemetry`: the months' events; `settling`: the bills, stock, cards, trail and month closes that follow them. */
  phase: z.enum(['telemetry', 'settling']).nullable(),
  /** The month being written (1 = the fleet's first); `months` when all are. */
  month: z.number().int(),
  months: z.number().int(),
  /** Share of the history's events written, 0–100. */
  percent: z.number().int(),
  /** Events written per second by this server since it started writing; null before the first batch. */
  eventsPerSecond: z.number().int().nullable(),
  finishedAt: z.string().nullable(),
});
export type DemoHistoryStatus = z.infer<typeof demoHistoryStatus>;
