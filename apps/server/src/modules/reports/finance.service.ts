import {
  DEFAULT_ITEMS_PER_PAGE,
  daysBetween,
  FINANCE_DAILY_MAX_DAYS,
  FINANCE_MAX_DAYS,
  type FinanceCost,
  type FinanceFigure,
  type FinancePeriod,
  type FinancePeriodTotals,
  type FinanceQuery,
  type FinanceReport,
  type FinanceRow,
  type FinanceSubject,
  financeCosts,
  financeFigures,
  iri,
  monthEnd,
  parseReference,
} from '@kovanica/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pgArray } from '../../db/units.ts';
import { badQuery } from '../../http/collection.ts';
import type { RequestContext } from '../../http/context.ts';
import { ApiProblem, invalid } from '../../http/problems.ts';
import { type Period, periodsOf } from './periods.ts';
import { type LocationRent, locationRents, type RentScope } from './rent.queries.ts';

const SUBJECT_TYPES = { device: 'devices', location: 'locations', lessor: 'lessors', company: 'companies' } as const;

/** The subjects a report may be narrowed to, read from the query's IRIs. */
export interface FinanceScope extends RentScope {
  subject: FinanceSubject;
  from: string;
  to: string;
  period: FinancePeriod;
}

/** The view's companies narrowed to the one asked for, and the lessor, location and device filters as ids (400 on a malformed IRI). */
export function filtersOf(
  ctx: RequestContext,
  query: { company?: string | undefined; lessor?: string | undefined; location?: string | undefined; device?: string | undefined },
) {
  const reference = (param: 'company' | 'lessor' | 'location' | 'device') => {
    const value = query[param];
    if (value === undefined) return undefined;
    const id = parseReference(`${SUBJECT_TYPES[param]}`, value);
    if (id === null) throw badQuery(param, 'iri');
    return id;
  };
  const company = reference('company');
  const listed = ctx.listed;
  const companies = company === undefined ? listed : listed === null || listed.includes(company) ? [company] : ([] as readonly number[]);
  return { companies, lessor: reference('lessor'), location: reference('location'), device: reference('device') };
}

/** Refuses a range that ends before it starts or is longer than `max` days (422 on `field`). */
export function checkRange(from: string, to: string, max: number, field = 'to') {
  if (to < from) throw invalid(field, 'end_before_start');
  if (daysBetween(from, to) > max) throw invalid(field, 'range_too_long', { max });
}

/** Checks a finance query and turns its IRIs into ids (400 on a malformed one, 422 on a bad range). */
export function financeScope(ctx: RequestContext, query: FinanceQuery): FinanceScope {
  const period = query.period ?? 'month';
  checkRange(query.from, query.to, period === 'day' || period === 'week' ? FINANCE_DAILY_MAX_DAYS : FINANCE_MAX_DAYS);
  const filters = filtersOf(ctx, query);
  // The company report is the company's whole business (EBITDA): its module component, and its costs
  // cannot be narrowed to a place.
  if (query.subject === 'company') {
    if (ctx.actor.role !== 'admin' && !ctx.actor.activeModuleComponents.includes('finance.ebitda'))
      throw new ApiProblem(403, 'module_off', { module: 'finance.ebitda' });
    for (const param of ['lessor', 'location', 'device'] as const) if (filters[param] !== undefined) throw badQuery(param);
  }
  return { subject: query.subject, from: query.from, to: query.to, period, ...filters };
}

const n = (v: unknown) => Number(v ?? 0);

/** The SQL that names the period (its first day, clamped to the range) of a rollup row's day (`r.d`). */
function periodOf(period: FinancePeriod, from: string, day: SQL = sql`r.d`): SQL {
  const trunc = (unit: string) => sql`greatest(date_trunc(${unit}, ${day}::timestamp)::date, ${from}::date)`;
  if (period === 'day') return day;
  if (period === 'range') return sql`${from}::date`;
  return trunc(period);
}

/** The rollup rows of the range: whole months from the monthly rollup unless cut into days or weeks. */
export function rollupRows(scope: Omit<FinanceScope, 'subject'>): SQL {
  const filters = (t: string) => {
    const parts: SQL[] = [];
    if (scope.companies !== null) parts.push(sql`${sql.raw(t)}.company_id = any(${pgArray(scope.companies)}::int[])`);
    if (scope.device !== undefined) parts.push(sql`${sql.raw(t)}.device_id = ${scope.device}`);
    if (scope.location !== undefined) parts.push(sql`${sql.raw(t)}.location_key = ${scope.location}`);
    if (scope.lessor !== undefined)
      parts.push(sql`${sql.raw(t)}.location_id in (select id from locations where lessor_id = ${scope.lessor})`);
    return parts.length ? sql.join(parts, sql` and `) : sql`true`;
  };
  const columns = sql`company_id, device_id, location_key, location_id, coins_cents, notes_cents, cashless_cents, card_cents, tokens, tokens_cents, plays, prizes_out`;
  const daily = (a: string, b: string) =>
    sql`select ${columns}, day as d from device_daily t where t.day between ${a}::date and ${b}::date and ${filters('t')}`;
  if (scope.period === 'day' || scope.period === 'week') return daily(scope.from, scope.to);
  // Whole months from the monthly rollup, the days around them from the daily one (decision 0015).
  const months = periodsOf(scope.from, scope.to, 'month');
  const whole = months.filter((m) => m.start.endsWith('-01') && m.end === monthEnd(m.start));
  const parts: SQL[] = months.filter((m) => !whole.includes(m)).map((m) => daily(m.start, m.end));
  const first = whole[0];
  const last = whole.at(-1);
  if (first && last)
    parts.push(
      sql`select ${columns}, month as d from device_monthly t where t.month between ${first.start}::date and ${last.start}::date and ${filters('t')}`,
    );
  return sql.join(parts, sql` union all `);
}

/** The rent of each location and month, as arrays for `unnest`: where it goes and what it is shared by. */
function rentInput(rents: LocationRent[]): SQL {
  const rows = rents.filter((r) => r.rent.rentCents > 0);
  return sql`select * from unnest(
    ${pgArray(rows.map((r) => r.locationId))}::int[], ${pgArray(rows.map((r) => r.companyId))}::int[],
    ${pgArray(rows.map((r) => r.rent.month))}::date[], ${pgArray(rows.map((r) => r.rent.rentCents))}::float8[],
    ${pgArray(rows.map((r) => r.monthRevenueCents))}::float8[]) as q(location_id, company_id, month, rent, revenue)`;
}

/**
 * A finance report (domain.md §8). Each rollup row of the range carries its share of its location's
 * rent for its month, in proportion to its revenue (rent of a month without revenue goes to the
 * location, with no device); the rows are summed per subject and period; net is gross ÷ 1,25 for a
 * company in the VAT system; the operator's share is net − rent. The company report adds, per company
 * and period, maintenance, the operational costs (monthly, prorated by day), the prize cost (articles
 * issued to devices at their net price, reversals taken back) and EBITDA. One statement answers the
 * page, the per-period series and the count.
 */
export async function financeReport(db: Db, ctx: RequestContext, query: FinanceQuery, now = new Date()): Promise<FinanceReport> {
  const scope = financeScope(ctx, query);
  const page = query.page ?? 1;
  const itemsPerPage = query.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE;
  const periods = periodsOf(scope.from, scope.to, scope.period);
  const rents = scope.companies?.length === 0 ? [] : await locationRents(db, scope, now);
  const answer = scope.companies?.length === 0 ? null : await linesOf(db, scope, periods, rents, page, itemsPerPage);
  const ends = new Map(periods.map((p) => [p.start, p.end]));
  const figuresOf = (row: Record<string, unknown>) =>
    Object.fromEntries(financeFigures.map((f) => [f, n(row[f])])) as Record<FinanceFigure, number>;
  const costsOf = (row: Record<string, unknown>) =>
    Object.fromEntries(financeCosts.map((f) => [f, scope.subject === 'company' ? n(row[f]) : null])) as Record<FinanceCost, number | null>;
  const rows: FinanceRow[] = (answer?.page ?? []).map((row) => {
    const start = String(row.period);
    return {
      periodStart: start,
      periodEnd: ends.get(start) ?? start,
      subject: row.subject === null ? null : iri(SUBJECT_TYPES[scope.subject], n(row.subject)),
      name: (row.name as string | null) ?? null,
      company: iri('companies', n(row.company_id)),
      companyName: String(row.company_name),
      ...figuresOf(row),
      ...costsOf(row),
    };
  });
  const byPeriod = new Map((answer?.periods ?? []).map((p) => [String(p.period), p]));
  const series: FinancePeriodTotals[] = periods.map((p) => {
    const sums = byPeriod.get(p.start) ?? {};
    return { periodStart: p.start, periodEnd: p.end, ...figuresOf(sums), ...costsOf(sums) };
  });
  const totals = Object.fromEntries([
    ...financeFigures.map((f) => [f, series.reduce((s, p) => s + p[f], 0)]),
    ...financeCosts.map((f) => [f, scope.subject === 'company' ? series.reduce((s, p) => s + (p[f] ?? 0), 0) : null]),
  ]) as FinanceReport['totals'];
  return {
    '@id': '/api/v2/finance-report',
    '@type': 'FinanceReport',
    subject: scope.subject,
    from: scope.from,
    to: scope.to,
    period: scope.period,
    rows,
    totalItems: answer?.count ?? 0,
    page,
    itemsPerPage,
    periods: series,
    totals,
  };
}

type Json = Record<string, unknown>;

async function linesOf(db: Db, scope: FinanceScope, periods: Period[], rents: LocationRent[], page: number, itemsPerPage: number) {
  const { subject, from } = scope;
  const subjectOf: Record<FinanceSubject, SQL> = {
    device: sql`p.device_id`,
    location: sql`nullif(p.location_key, 0)`,
    lessor: sql`l.lessor_id`,
    company: sql`p.company_id`,
  };
  const nameOf: Record<FinanceSubject, SQL> = {
    device: sql`(select name from devices where id = x.subject)`,
    location: sql`(select name from locations where id = x.subject)`,
    lessor: sql`(select name from lessors where id = x.subject)`,
    company: sql`c.name`,
  };
  const starts = pgArray(periods.map((p) => p.start));
  const ends = pgArray(periods.map((p) => p.end));
  // The company report: a line for every company and period, with its costs, revenue or not.
  const companyLines =
    subject === 'company'
      ? sql`
    , grid as (
      select c.id as subject, c.id as company_id, per.ps as period, per.pe as period_end
      from companies c, unnest(${starts}::date[], ${ends}::date[]) as per(ps, pe)
      where ${scope.companies === null ? sql`true` : sql`c.id = any(${pgArray(scope.companies)}::int[])`}
    ),
    costed as (
      select g.subject, g.company_id, g.period,
        coalesce(s.coins_cents, 0) coins_cents, coalesce(s.notes_cents, 0) notes_cents, coalesce(s.cashless_cents, 0) cashless_cents,
        coalesce(s.card_cents, 0) card_cents, coalesce(s.tokens, 0) tokens, coalesce(s.tokens_cents, 0) tokens_cents,
        coalesce(s.plays, 0) plays, coalesce(s.rent, 0) rent,
        (select coalesce(sum(m.cost_cents), 0) from maintenance m where m.company_id = g.company_id and m.date between g.period and g.period_end) as maintenance,
        round((select c.operational_costs_cents * sum(1.0 / extract(day from date_trunc('month', d) + interval '1 month' - interval '1 day'))
          from generate_series(g.period, g.period_end, interval '1 day') d)) as operational,
        (select coalesce(round(sum(case when sm.reverses_id is null then sm.quantity * sm.unit_price_cents
            else -sm.quantity * (select o.unit_price_cents from stock_movements o where o.id = sm.reverses_id) end)), 0)
          from stock_movements sm
          where sm.company_id = g.company_id and sm.kind = 'issue' and sm.device_id is not null
            and sm.at >= g.period::timestamp at time zone 'Europe/Zagreb' and sm.at < (g.period_end + 1)::timestamp at time zone 'Europe/Zagreb') as prize
      from grid g
      join companies c on c.id = g.company_id
      left join summed s on s.subject = g.subject and s.period = g.period and s.company_id = g.company_id
    )`
      : sql``;
  const lineSource = subject === 'company' ? sql`costed` : sql`(select *, 0 as maintenance, 0 as operational, 0 as prize from summed)`;
  const statement = sql`
    with rent_input as (${rentInput(rents)}),
    r as (${rollupRows(scope)}),
    -- The rollup rows summed per period, device, location and month first: what a share of rent is taken by.
    agg as (${
      // By day the daily rows are already one per device, location and day; otherwise they are summed first.
      scope.period === 'day'
        ? sql`select r.d as period, r.company_id, r.device_id, r.location_key, r.location_id,
            date_trunc('month', r.d::timestamp)::date as month, r.coins_cents, r.notes_cents, r.cashless_cents, r.card_cents,
            r.tokens, r.tokens_cents, r.plays, r.coins_cents + r.notes_cents + r.cashless_cents + r.card_cents + r.tokens_cents as gross
          from r`
        : sql`select ${periodOf(scope.period, from)} as period, r.company_id, r.device_id, r.location_key, max(r.location_id) as location_id,
            date_trunc('month', r.d::timestamp)::date as month, sum(r.coins_cents)::bigint coins_cents, sum(r.notes_cents)::bigint notes_cents,
            sum(r.cashless_cents)::bigint cashless_cents, sum(r.card_cents)::bigint card_cents, sum(r.tokens)::bigint tokens,
            sum(r.tokens_cents)::bigint tokens_cents, sum(r.plays)::bigint plays,
            sum(r.coins_cents + r.notes_cents + r.cashless_cents + r.card_cents + r.tokens_cents)::bigint as gross
          from r
          group by 1, 2, 3, 4, 6`
    }),
    pieces as (
      select p.*, coalesce(q.rent * p.gross / nullif(q.revenue, 0), 0) as rent
      from agg p
      left join rent_input q on q.location_id = p.location_key and q.month = p.month
      union all
      -- A month's rent at a location that earned nothing in it: the location's, on the month's first day in the range.
      select ${periodOf(scope.period, from, sql`greatest(q.month, ${from}::date)`)}, q.company_id, null, q.location_id, q.location_id, q.month,
        0, 0, 0, 0, 0, 0, 0, 0, q.rent
      from rent_input q
      where q.revenue = 0 and greatest(q.month, ${from}::date) <= ${scope.to}::date
        and ${scope.device === undefined ? sql`true` : sql`false`}
    ),
    summed as (
      select p.period, ${subjectOf[subject]} as subject, p.company_id,
        sum(p.coins_cents)::bigint coins_cents, sum(p.notes_cents)::bigint notes_cents, sum(p.cashless_cents)::bigint cashless_cents, sum(p.card_cents)::bigint card_cents,
        sum(p.tokens)::bigint tokens, sum(p.tokens_cents)::bigint tokens_cents, sum(p.plays)::bigint plays, sum(p.rent) rent
      from pieces p
      ${subject === 'lessor' ? sql`left join locations l on l.id = p.location_id` : sql``}
      group by 1, 2, 3
    )
    ${companyLines},
    lines as (
      select x.*,
        x.coins_cents + x.notes_cents + x.cashless_cents + x.card_cents + x.tokens_cents as gross,
        -- gross ÷ 1,25 rounded half up, in integers: (8 × gross + 5) div 10 (gross is never negative).
        case when c.in_vat_system then ((x.coins_cents + x.notes_cents + x.cashless_cents + x.card_cents + x.tokens_cents) * 8 + 5) / 10
          else x.coins_cents + x.notes_cents + x.cashless_cents + x.card_cents + x.tokens_cents end as net,
        round(x.rent)::bigint as rent_cents
      from ${lineSource} x
      join companies c on c.id = x.company_id
    ),
    shown as (
      select to_char(period, 'YYYY-MM-DD') as period, subject, company_id,
        coins_cents as "coinsCents", notes_cents as "notesCents", cashless_cents as "cashlessCents", card_cents as "cardCents",
        tokens, tokens_cents as "tokensCents", gross as "grossCents", plays, net as "netCents", gross - net as "vatCents",
        rent_cents as "rentCents", net - rent_cents as "shareCents",
        maintenance as "maintenanceCents", operational as "operationalCostsCents", prize as "prizeCostCents",
        net - rent_cents - operational - maintenance - prize as "ebitdaCents"
      from lines
    )
    select
      (select count(*) from shown) as count,
      (select coalesce(json_agg(t), '[]') from (
        select x.*, c.name as company_name, ${nameOf[subject]} as name
        from (select * from shown order by period, "grossCents" desc, subject nulls last, company_id
          limit ${itemsPerPage} offset ${(page - 1) * itemsPerPage}) x
        join companies c on c.id = x.company_id
        order by x.period, x."grossCents" desc, x.subject nulls last, x.company_id) t) as page,
      (select coalesce(json_agg(t), '[]') from (
        select period, sum("coinsCents") "coinsCents", sum("notesCents") "notesCents", sum("cashlessCents") "cashlessCents",
          sum("cardCents") "cardCents", sum(tokens) tokens, sum("tokensCents") "tokensCents", sum("grossCents") "grossCents",
          sum(plays) plays, sum("netCents") "netCents", sum("vatCents") "vatCents", sum("rentCents") "rentCents",
          sum("shareCents") "shareCents", sum("maintenanceCents") "maintenanceCents",
          sum("operationalCostsCents") "operationalCostsCents", sum("prizeCostCents") "prizeCostCents", sum("ebitdaCents") "ebitdaCents"
        from shown group by period) t) as periods`;
  // A year of a thousand devices sums some 50,000 rollup rows: enough memory to hash and sort them
  // without spilling to disk (the default 4 MB does), for this statement only.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '32MB'`);
    return tx.execute(statement);
  });
  return decode(result);
}

function decode(result: unknown) {
  const [row] = (result as { rows: { count: unknown; page: unknown; periods: unknown }[] }).rows;
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Json[];
  return { count: n(row?.count), page: parse(row?.page), periods: parse(row?.periods) };
}
