import {
  addDays,
  businessDate,
  CONTRACT_ENDING_DAYS,
  type DashboardFigures,
  type DashboardIndex,
  INDEX_MIN_MINUTES,
  INDEX_MIN_PAYMENTS,
  iri,
  monthEnd,
  monthStart,
  weekStart,
  zagrebParts,
} from '@kovanica/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { Db } from '../../db/client.ts';
import { pgArray as list } from '../../db/units.ts';
import { fleetFigures } from '../devices/devices.service.ts';
import { backtest, type DailyPoint, forecast } from '../reports/reports.service.ts';

const scoped = (column: string, companies: readonly number[] | null): SQL =>
  companies === null ? sql`true` : sql`${sql.raw(column)} = any(${list(companies)}::int[])`;

/** Days of history the dashboard reads by day: the 365 days' traffic and the forecast's 13 months. */
const HISTORY_DAYS = 400;

const monthLength = (month: string) => Number(monthEnd(month).slice(8));
/** The same month and day a number of months earlier (later when negative), clipped to that month's length. */
function monthsBack(day: string, months: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 - months;
  const first = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return `${first.slice(0, 8)}${String(Math.min(Number(day.slice(8, 10)), monthLength(first))).padStart(2, '0')}`;
}

/**
 * One index's spans (docs/rules.md, "Dashboard figures"): the current one from `from` to now, the
 * comparison from `comparisonFrom` to `comparisonTo`, that day cut at the time of day it is now unless
 * `wholeLastDay`; `shift` carries a day of the comparison period to the same day of the current one.
 */
interface Spans {
  from: string;
  comparisonFrom: string;
  comparisonTo: string;
  wholeLastDay: boolean;
  shift: (day: string) => string;
}

/**
 * Equal spans from what was recorded: when the view's first day with revenue falls inside the
 * comparison span after its first day, both spans start on it (the current one on the same day of its
 * period). Nothing recorded before it is compared with a full span of now.
 */
function cutToRecord(spans: Spans, recordedFrom: string | null): Spans & { recordedFrom: string | null } {
  if (recordedFrom === null || recordedFrom <= spans.comparisonFrom || recordedFrom > spans.comparisonTo)
    return { ...spans, recordedFrom: null };
  return { ...spans, from: spans.shift(recordedFrom), comparisonFrom: recordedFrom, recordedFrom };
}

/**
 * The forecast and its backtest per database, view and day: the history before today does not change
 * within it. Kept per database, so two apps in one process (the tests' files) never share one.
 */
const forecastsOf = new WeakMap<Db, Map<string, DashboardFigures['forecast']>>();

/** Forgets the database's forecasts: its history before today changed (the demo's, written after the server started; decision 0044). */
export function forgetForecasts(db: Db): void {
  forecastsOf.delete(db);
}

/**
 * Every figure of the dashboard (docs/rules.md, "Money reports and the dashboard") for the companies of the caller's view, cut at `now`:
 * revenue per day from the rollups since the earlier of 400 days ago and last year's 1 January (one
 * read), and the comparison days cut at the time of day it is now from the raw payments (one read of
 * four partial days, their revenue and payments). The forecast learns from the days before today and
 * is kept for the day. The traffic series are whole days only: today's unfinished day is in the indexes.
 */
export async function dashboardFigures(db: Db, ctx: RequestContext, now = new Date()): Promise<DashboardFigures> {
  const companies = ctx.listed;
  const today = businessDate(now);
  const p = zagrebParts(now);
  const clock = `${p.hour}:${p.minute}:${p.second}`;
  const minutesToday = Number(p.hour) * 60 + Number(p.minute);
  const year = today.slice(0, 4);
  const lastYear = String(Number(year) - 1);
  const lastYearStart = `${lastYear}-01-01`;
  const first = [addDays(today, -HISTORY_DAYS), lastYearStart].sort()[0] as string;
  const compared = {
    week: addDays(today, -7),
    year52: addDays(today, -364),
    month: monthsBack(today, 1),
    year: monthsBack(today, 12),
  };
  const [daily, partial, fleet, ending, recorded] = await dashboardReads(db, companies, now, { today, first, clock, compared });
  const recordedFrom = (recorded as unknown as { rows: { day: string | null }[] }).rows[0]?.day ?? null;

  const byDay = new Map<string, number>();
  for (const r of (daily as unknown as { rows: { day: string; revenue: unknown }[] }).rows) byDay.set(r.day, Number(r.revenue));
  const dayRevenue = (day: string) => byDay.get(day) ?? 0;
  const sumDays = (from: string, to: string) => {
    let total = 0;
    for (let d = from; d <= to; d = addDays(d, 1)) total += dayRevenue(d);
    return total;
  };

  const toTime = new Map<string, { revenue: number; payments: number }>();
  for (const r of (partial as unknown as { rows: { day: string; revenue: unknown; payments: unknown }[] }).rows)
    toTime.set(r.day, { revenue: Number(r.revenue), payments: Number(r.payments) });

  /** An index of the current span to now against its comparison span, cut to what was recorded. */
  const indexOf = (spans: Spans): DashboardIndex => {
    const cut = cutToRecord(spans, recordedFrom);
    const currentCents = sumDays(cut.from, today);
    const last = cut.wholeLastDay ? null : toTime.get(cut.comparisonTo);
    const comparisonCents =
      cut.comparisonFrom > cut.comparisonTo
        ? 0
        : sumDays(cut.comparisonFrom, addDays(cut.comparisonTo, -1)) + (last ? last.revenue : dayRevenue(cut.comparisonTo));
    // A span that is today alone compares part of one day: only once the day has run long enough
    // and the day compared with holds enough payments by this time.
    const todayAlone = cut.from === today && !cut.wholeLastDay;
    const noIndex =
      todayAlone && minutesToday < INDEX_MIN_MINUTES
        ? 'too_early'
        : comparisonCents <= 0
          ? 'nothing_compared'
          : todayAlone && (last?.payments ?? 0) < INDEX_MIN_PAYMENTS
            ? 'too_early'
            : null;
    return {
      currentCents,
      comparisonCents,
      index: noIndex === null ? Math.round((currentCents / comparisonCents) * 10_000) / 100 : null,
      noIndex,
      from: cut.from,
      comparisonFrom: cut.comparisonFrom,
      comparisonTo: cut.comparisonTo,
      recordedFrom: cut.recordedFrom,
    };
  };

  const thisMonth = monthStart(today);
  const lastMonth = monthStart(monthsBack(today, 1));
  const lastMonthEnd = addDays(thisMonth, -1);
  const indexes = indexesOf(today, compared, indexOf);

  /** The last `count` whole days, yesterday last. */
  const series = (count: number) =>
    Array.from({ length: count }, (_, i) => addDays(today, i - count)).map((day) => ({ day, revenueCents: dayRevenue(day) }));

  const predicted = forecastOf(db, companies, today, () => series(HISTORY_DAYS).map((d) => ({ day: d.day, valueCents: d.revenueCents })));

  return {
    '@id': '/api/v2/dashboard/figures',
    '@type': 'DashboardFigures',
    today,
    asOf: now.toISOString(),
    indexes,
    devices: { total: fleet.total, problematic: fleet.problematic, critical: fleet.critical },
    balanceCents: fleet.balanceCents,
    thisMonthCents: sumDays(thisMonth, today),
    lastMonthCents: sumDays(lastMonth, lastMonthEnd),
    traffic30: series(30),
    traffic365: series(365),
    forecast: predicted,
    contractsEnding: (ending as unknown as { rows: { id: number; name: string; contract_end: string }[] }).rows.map((r) => ({
      lessor: iri('lessors', r.id),
      name: r.name,
      contractEnd: r.contract_end,
    })),
  };
}

/**
 * The dashboard's indexes (docs/rules.md, "Money reports and the dashboard"): each span to now against
 * its comparison span, worked out by `indexOf`: today, this week, month and year against the same
 * weekday a week and 52 weeks earlier, last week and the week 52 weeks earlier, last month to the
 * same day (the whole of a shorter month) and the same month last year, last year to date.
 */
function indexesOf(
  today: string,
  compared: { week: string; year52: string; month: string; year: string },
  indexOf: (spans: Spans) => DashboardIndex,
): DashboardFigures['indexes'] {
  const year = today.slice(0, 4);
  const lastYearStart = `${String(Number(year) - 1)}-01-01`;
  const thisMonth = monthStart(today);
  const lastMonth = monthStart(monthsBack(today, 1));
  const week = weekStart(today);
  const days = (n: number) => (day: string) => addDays(day, n);
  const months = (n: number) => (day: string) => monthsBack(day, -n);
  return {
    daily: indexOf({ from: today, comparisonFrom: compared.week, comparisonTo: compared.week, wholeLastDay: false, shift: days(7) }),
    dailyLastYear: indexOf({
      from: today,
      comparisonFrom: compared.year52,
      comparisonTo: compared.year52,
      wholeLastDay: false,
      shift: days(364),
    }),
    weekly: indexOf({ from: week, comparisonFrom: addDays(week, -7), comparisonTo: compared.week, wholeLastDay: false, shift: days(7) }),
    weeklyLastYear: indexOf({
      from: week,
      comparisonFrom: addDays(week, -364),
      comparisonTo: compared.year52,
      wholeLastDay: false,
      shift: days(364),
    }),
    // Month to date vs last month to the same day (the whole of a shorter month).
    monthly: indexOf({
      from: thisMonth,
      comparisonFrom: lastMonth,
      comparisonTo: compared.month,
      wholeLastDay: Number(today.slice(8, 10)) > monthLength(lastMonth),
      shift: months(1),
    }),
    monthlyLastYear: indexOf({
      from: thisMonth,
      comparisonFrom: monthStart(compared.year),
      comparisonTo: compared.year,
      wholeLastDay: false,
      shift: months(12),
    }),
    yearly: indexOf({
      from: `${year}-01-01`,
      comparisonFrom: lastYearStart,
      comparisonTo: compared.year,
      wholeLastDay: false,
      shift: months(12),
    }),
  };
}

/**
 * The forecast of the view's revenue (decision 0019), made once per view and day and kept for the day
 * (per database): learnt from `historyOf()`, the days before today, from the first with revenue.
 */
function forecastOf(
  db: Db,
  companies: readonly number[] | null,
  today: string,
  historyOf: () => DailyPoint[],
): DashboardFigures['forecast'] {
  const key = `${companies === null ? 'all' : companies.join(',')}/${today}`;
  let forecasts = forecastsOf.get(db);
  if (!forecasts) {
    forecasts = new Map();
    forecastsOf.set(db, forecasts);
  }
  let predicted = forecasts.get(key);
  if (!predicted) {
    // The days before today, from the first with revenue (a new company's empty past is no pattern).
    const history = historyOf();
    const start = history.findIndex((d) => d.valueCents > 0);
    const learnt = start < 0 ? [] : history.slice(start);
    // forecast() answers whole cents, never below 0.
    const points = learnt.length >= 28 ? forecast(learnt, 30) : [];
    const tested = points.length ? backtest(learnt) : null;
    predicted = {
      points,
      backtest: tested && [tested.model, tested.naive, tested.seasonalNaive].every(Number.isFinite) ? tested : null,
    };
    if (forecasts.size > 500) forecasts.clear();
    forecasts.set(key, predicted);
  }
  return predicted;
}

/**
 * What the dashboard is made of, read at once: the revenue per day since `first`, the comparison days'
 * revenue and payments up to `clock`, the fleet's figures, the lessors' contracts ending soon and the
 * first day with revenue. The reads at once: on PostgreSQL each on a connection of its own (the answer waits for the slowest, not for their sum); PGlite runs them one after another.
 */
function dashboardReads(
  db: Db,
  companies: readonly number[] | null,
  now: Date,
  { today, first, clock, compared }: { today: string; first: string; clock: string; compared: Record<string, string> },
) {
  return Promise.all([
    // Revenue per day over the history the forecast learns from and the years compared.
    db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, sum(coins_cents + notes_cents + cashless_cents + card_cents + tokens_cents) as revenue
    from location_daily where day between ${first}::date and ${today}::date and ${scoped('company_id', companies)}
    group by day`),
    // The comparison days' revenue and payments up to the same time of day (Zagreb clock), from the payments themselves.
    db.execute(sql`
    select q.day, coalesce(sum(e.amount_cents), 0) as revenue, count(e.id) as payments
    from unnest(${`{${Object.values(compared).join(',')}}`}::text[]) as q(day)
    left join telemetry_events e on ${scoped('e.company_id', companies)} and e.type in ('coin', 'note', 'cashless', 'card', 'token') and not e.test
        and e.at >= q.day::date::timestamp at time zone 'Europe/Zagreb'
        and e.at < (q.day::date + ${clock}::time) at time zone 'Europe/Zagreb'
    group by q.day`),
    fleetFigures(db, companies, now),
    db.execute(sql`
      select id, name, to_char(contract_end, 'YYYY-MM-DD') as contract_end from lessors
      where ${scoped('company_id', companies)} and contract_end between ${today}::date and ${addDays(today, CONTRACT_ENDING_DAYS)}::date
      order by contract_end, name limit 50`),
    // The first day with revenue: before it nothing was recorded (a comparison span starting earlier is cut to it).
    db.execute(sql`
      select to_char(min(day), 'YYYY-MM-DD') as day from location_daily
      where ${scoped('company_id', companies)} and coins_cents + notes_cents + cashless_cents + card_cents + tokens_cents > 0`),
  ]);
}
