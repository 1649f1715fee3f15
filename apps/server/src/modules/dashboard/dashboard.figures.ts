import {
  addDays,
  businessDate,
  CONTRACT_ENDING_DAYS,
  type DashboardFigures,
  type DashboardIndex,
  iri,
  monthEnd,
  monthStart,
  weekStart,
  zagrebParts,
} from '@kovanica/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pgArray as list } from '../../db/units.ts';
import type { RequestContext } from '../../http/context.ts';
import { fleetFigures } from '../devices/devices.service.ts';
import { backtest, type DailyPoint, forecast } from '../reports/reports.service.ts';

const scoped = (column: string, companies: readonly number[] | null): SQL =>
  companies === null ? sql`true` : sql`${sql.raw(column)} = any(${list(companies)}::int[])`;

/** Days of history the dashboard reads by day: the 365 days' traffic and the forecast's 13 months. */
const HISTORY_DAYS = 400;

const monthLength = (month: string) => Number(monthEnd(month).slice(8));
/** The same month and day a number of months earlier, clipped to that month's length. */
function monthsBack(day: string, months: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 - months;
  const first = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return `${first.slice(0, 8)}${String(Math.min(Number(day.slice(8, 10)), monthLength(first))).padStart(2, '0')}`;
}

/** An index of the period to date against its comparison span (`from` … `to`); `recordedFrom`: the view's first day with revenue. */
const indexOf = (
  currentCents: number,
  comparisonCents: number,
  span: { from: string; to: string; recordedFrom: string | null },
): DashboardIndex => ({
  currentCents,
  comparisonCents,
  index: comparisonCents > 0 ? Math.round((currentCents / comparisonCents) * 10_000) / 100 : null,
  recordedFrom: span.recordedFrom !== null && span.recordedFrom > span.from && span.recordedFrom <= span.to ? span.recordedFrom : null,
});

/**
 * The forecast and its backtest per database, view and day: the history before today does not change
 * within it. Kept per database, so two apps in one process (the tests' files) never share one.
 */
const forecastsOf = new WeakMap<Db, Map<string, DashboardFigures['forecast']>>();

/**
 * Every figure of the dashboard (domain.md §8) for the companies of the caller's view, from the locations' rollups:
 * revenue per day over the last 400 days (one read), whole months for the years to date (one read),
 * and the comparison days cut at the time of day it is now from the raw payments (one read of four
 * partial days). The forecast learns from the days before today and is kept for the day.
 */
export async function dashboardFigures(db: Db, ctx: RequestContext, now = new Date()): Promise<DashboardFigures> {
  const companies = ctx.listed;
  const today = businessDate(now);
  const p = zagrebParts(now);
  const clock = `${p.hour}:${p.minute}:${p.second}`;
  const first = addDays(today, -HISTORY_DAYS);
  // The five reads at once: on PostgreSQL each on a connection of its own (the answer waits for the
  // slowest, not for their sum); PGlite runs them one after another.
  const year = today.slice(0, 4);
  const lastYear = String(Number(year) - 1);
  const compared = {
    week: addDays(today, -7),
    year52: addDays(today, -364),
    month: monthsBack(today, 1),
    year: monthsBack(today, 12),
  };
  const [daily, partial, monthly, fleet, ending, recorded] = await Promise.all([
    // Revenue per day over the history the forecast learns from.
    db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, sum(coins_cents + notes_cents + cashless_cents + card_cents + tokens_cents) as revenue
    from location_daily where day between ${first}::date and ${today}::date and ${scoped('company_id', companies)}
    group by day`),
    // The comparison days' revenue up to the same time of day (Zagreb clock), from the payments themselves.
    db.execute(sql`
    select q.day, coalesce((select sum(e.amount_cents) from telemetry_events e
      where ${scoped('e.company_id', companies)} and e.type in ('coin', 'note', 'cashless', 'card', 'token') and not e.test
        and e.at >= q.day::date::timestamp at time zone 'Europe/Zagreb'
        and e.at < (q.day::date + ${clock}::time) at time zone 'Europe/Zagreb'), 0) as revenue
    from unnest(${`{${Object.values(compared).join(',')}}`}::text[]) as q(day)`),
    // Whole months for the years to date.
    db.execute(sql`
    select to_char(month, 'YYYY-MM-DD') as month, sum(coins_cents + notes_cents + cashless_cents + card_cents + tokens_cents) as revenue
    from location_monthly where month between ${`${lastYear}-01-01`}::date and ${monthStart(today)}::date and ${scoped('company_id', companies)}
    group by month`),
    fleetFigures(db, companies, now),
    db.execute(sql`
      select id, name, to_char(contract_end, 'YYYY-MM-DD') as contract_end from lessors
      where ${scoped('company_id', companies)} and contract_end between ${today}::date and ${addDays(today, CONTRACT_ENDING_DAYS)}::date
      order by contract_end, name limit 50`),
    // The first day with revenue: before it nothing was recorded (a comparison span starting earlier holds part of its span).
    db.execute(sql`
      select to_char(min(day), 'YYYY-MM-DD') as day from location_daily
      where ${scoped('company_id', companies)} and coins_cents + notes_cents + cashless_cents + card_cents + tokens_cents > 0`),
  ]);
  const recordedFrom = (recorded as unknown as { rows: { day: string | null }[] }).rows[0]?.day ?? null;

  const byDay = new Map<string, number>();
  for (const r of (daily as unknown as { rows: { day: string; revenue: unknown }[] }).rows) byDay.set(r.day, Number(r.revenue));
  const dayRevenue = (day: string) => byDay.get(day) ?? 0;
  const sumDays = (from: string, to: string) => {
    let total = 0;
    for (let d = from; d <= to; d = addDays(d, 1)) total += dayRevenue(d);
    return total;
  };

  const toTime = new Map<string, number>();
  for (const r of (partial as unknown as { rows: { day: string; revenue: unknown }[] }).rows) toTime.set(r.day, Number(r.revenue));
  /** Whole days of a comparison span, its last day only up to the time it is now. */
  const spanToTime = (from: string, lastDay: string) =>
    lastDay < from ? 0 : sumDays(from, addDays(lastDay, -1)) + (toTime.get(lastDay) ?? 0);

  const byMonth = new Map<string, number>();
  for (const r of (monthly as unknown as { rows: { month: string; revenue: unknown }[] }).rows) byMonth.set(r.month, Number(r.revenue));
  const monthsTotal = (from: string, to: string) => [...byMonth].filter(([m]) => m >= from && m <= to).reduce((s, [, v]) => s + v, 0);

  const thisMonth = monthStart(today);
  const lastMonth = monthStart(monthsBack(today, 1));
  const lastMonthEnd = addDays(thisMonth, -1);
  const monthToDate = sumDays(thisMonth, today);
  // Month to date vs last month to the same day (the whole of a shorter month).
  const lastMonthSpan =
    compared.month > lastMonthEnd || Number(today.slice(8, 10)) > monthLength(lastMonth)
      ? sumDays(lastMonth, lastMonthEnd)
      : spanToTime(lastMonth, compared.month);
  const lastYearMonth = monthStart(compared.year);
  const lastYearStart = `${lastYear}-01-01`;
  const yearToDate = monthsTotal(`${year}-01-01`, addDays(thisMonth, -1)) + monthToDate;
  const lastYearToDate = monthsTotal(lastYearStart, addDays(lastYearMonth, -1)) + spanToTime(lastYearMonth, compared.year);

  const week = weekStart(today);
  const span = (from: string, to: string) => ({ from, to, recordedFrom });
  const indexes: DashboardFigures['indexes'] = {
    daily: indexOf(dayRevenue(today), toTime.get(compared.week) ?? 0, span(compared.week, compared.week)),
    dailyLastYear: indexOf(dayRevenue(today), toTime.get(compared.year52) ?? 0, span(compared.year52, compared.year52)),
    weekly: indexOf(sumDays(week, today), spanToTime(addDays(week, -7), compared.week), span(addDays(week, -7), compared.week)),
    weeklyLastYear: indexOf(
      sumDays(week, today),
      spanToTime(addDays(week, -364), compared.year52),
      span(addDays(week, -364), compared.year52),
    ),
    monthly: indexOf(monthToDate, lastMonthSpan, span(lastMonth, compared.month > lastMonthEnd ? lastMonthEnd : compared.month)),
    monthlyLastYear: indexOf(monthToDate, spanToTime(lastYearMonth, compared.year), span(lastYearMonth, compared.year)),
    yearly: indexOf(yearToDate, lastYearToDate, span(lastYearStart, compared.year)),
  };

  const series = (days: number) =>
    Array.from({ length: days }, (_, i) => addDays(today, i - days + 1)).map((day) => ({ day, revenueCents: dayRevenue(day) }));

  const key = `${companies === null ? 'all' : companies.join(',')}/${today}`;
  let forecasts = forecastsOf.get(db);
  if (!forecasts) {
    forecasts = new Map();
    forecastsOf.set(db, forecasts);
  }
  let predicted = forecasts.get(key);
  if (!predicted) {
    // The days before today, from the first with revenue (a new company's empty past is no pattern).
    const history: DailyPoint[] = series(HISTORY_DAYS + 1)
      .slice(0, -1)
      .map((d) => ({ day: d.day, valueCents: d.revenueCents }));
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

  return {
    '@id': '/api/v2/dashboard/figures',
    '@type': 'DashboardFigures',
    today,
    asOf: now.toISOString(),
    indexes,
    devices: { total: fleet.total, problematic: fleet.problematic, critical: fleet.critical },
    balanceCents: fleet.balanceCents,
    thisMonthCents: monthToDate,
    lastMonthCents: byMonth.get(lastMonth) ?? sumDays(lastMonth, lastMonthEnd),
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
