import {
  addDays,
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
  monthStart,
  parseReference,
} from '@kovanica/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pgArray } from '../../db/units.ts';
import { badQuery } from '../../http/collection.ts';
import type { RequestContext } from '../../http/context.ts';
import { ApiProblem, invalid } from '../../http/problems.ts';
import { movementValue } from '../movements/movements.service.ts';
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

/** What `rollupRows` reads: a finance scope, or the places a device stood in it with their other devices. */
type RollupScope = Omit<FinanceScope, 'subject'> & {
  /** Instead of one device's rows: the rows of every place it stood at from `from` to `to` (its own included). */
  siblingsOf?: { device: number; from: string; to: string };
};

/**
 * The rollup rows of the range: whole months from the monthly rollup unless cut into days or weeks.
 * Per device (`device_daily`, `device_monthly`), or per location (`location_daily`, `location_monthly`:
 * the same sums, a fifth of the rows; no device filter, no `device_id`).
 */
export function rollupRows(scope: RollupScope, level: 'device' | 'location' = 'device'): SQL {
  if (level === 'location' && scope.device !== undefined) throw new Error('a device filter needs the device rollups');
  const filters = (t: string) => {
    const parts: SQL[] = [];
    if (scope.companies !== null) parts.push(sql`${sql.raw(t)}.company_id = any(${pgArray(scope.companies)}::int[])`);
    if (scope.device !== undefined) parts.push(sql`${sql.raw(t)}.device_id = ${scope.device}`);
    if (scope.siblingsOf !== undefined) {
      const { device, from, to } = scope.siblingsOf;
      const places = sql`(select k.location_key from device_daily k
        where k.device_id = ${device} and k.day between ${from}::date and ${to}::date and k.location_key <> 0)`;
      parts.push(
        level === 'device'
          ? sql`(${sql.raw(t)}.device_id = ${device} or ${sql.raw(t)}.location_key in ${places})`
          : sql`${sql.raw(t)}.location_key in ${places}`,
      );
    }
    if (scope.location !== undefined) parts.push(sql`${sql.raw(t)}.location_key = ${scope.location}`);
    if (scope.lessor !== undefined)
      parts.push(sql`${sql.raw(t)}.location_id in (select id from locations where lessor_id = ${scope.lessor})`);
    return parts.length ? sql.join(parts, sql` and `) : sql`true`;
  };
  const columns = sql.raw(
    `company_id, ${level === 'device' ? 'device_id, ' : ''}location_key, location_id, coins_cents, notes_cents, cashless_cents, card_cents, tokens, tokens_cents, plays, prizes_out, card_bonus_cents, vat_cents, sale_vat_cents`,
  );
  const [dailyTable, monthlyTable] = level === 'device' ? ['device_daily', 'device_monthly'] : ['location_daily', 'location_monthly'];
  const daily = (a: string, b: string) =>
    sql`select ${columns}, day as d from ${sql.raw(dailyTable)} t where t.day between ${a}::date and ${b}::date and ${filters('t')}`;
  if (scope.period === 'day' || scope.period === 'week') return daily(scope.from, scope.to);
  // Whole months from the monthly rollup, the days around them from the daily one (decision 0015).
  const months = periodsOf(scope.from, scope.to, 'month');
  const whole = months.filter((m) => m.start.endsWith('-01') && m.end === monthEnd(m.start));
  const parts: SQL[] = months.filter((m) => !whole.includes(m)).map((m) => daily(m.start, m.end));
  const first = whole[0];
  const last = whole.at(-1);
  if (first && last)
    parts.push(
      sql`select ${columns}, month as d from ${sql.raw(monthlyTable)} t where t.month between ${first.start}::date and ${last.start}::date and ${filters('t')}`,
    );
  return sql.join(parts, sql` union all `);
}

/** The rent of each location and month, as arrays for `unnest`: where it goes and what it is shared by. */
function rentInput(rents: LocationRent[]): SQL {
  const rows = rents.filter((r) => r.rent.rentCents > 0);
  // The month's rent owed to the cent (half to even, as the lessor's statement rounds it), the figure shared.
  return sql`select location_id, company_id, month, round(rent)::bigint as rent, revenue::bigint as revenue from unnest(
    ${pgArray(rows.map((r) => r.locationId))}::int[], ${pgArray(rows.map((r) => r.companyId))}::int[],
    ${pgArray(rows.map((r) => r.rent.month))}::date[], ${pgArray(rows.map((r) => r.rent.rentCents))}::float8[],
    ${pgArray(rows.map((r) => r.monthRevenueCents))}::float8[]) as q(location_id, company_id, month, rent, revenue)`;
}

/**
 * A finance report (docs/rules.md "Money reports"). Each rollup row of the range carries its share of its location's
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

/**
 * The rollups' sums a line adds up: the revenue parts, plays, and beside them the card plays paid from
 * a bonus (not revenue) and the VAT, of the machine's bills and of the sales of the credit and tokens
 * played (docs/rules.md, "Revenue and VAT").
 */
const FIGURES = [
  'coins_cents',
  'notes_cents',
  'cashless_cents',
  'card_cents',
  'tokens',
  'tokens_cents',
  'plays',
  'card_bonus_cents',
  'vat_cents',
  'sale_vat_cents',
] as const;
/** The figures summed, as `sum(<prefix>x)::bigint x, …`. */
const sums = (prefix = '') => sql.raw(FIGURES.map((f) => `sum(${prefix}${f})::bigint ${f}`).join(', '));
/** Gross: the revenue parts added, of the columns of `table` (or unqualified). */
const grossOf = (table = '') =>
  sql.raw(
    ['coins_cents', 'notes_cents', 'cashless_cents', 'card_cents', 'tokens_cents'].map((c) => (table ? `${table}.${c}` : c)).join(' + '),
  );
const GROSS = grossOf();

/**
 * The lines of one page, the count of all lines and the totals of every period (decision 0020).
 *
 * Cents add up (decision 0020, entry of 2026-11-29): a location's rent for a month is owed to the
 * cent, and is shared out in whole cents, so that every line, period and total is a sum of whole
 * cents and any cut of the same range adds up to the same figure:
 * - a location's rent up to a day of a month is the month's rent × its takings from the 1st to that
 *   day ÷ the month's takings, rounded; a piece (the location in a period of the month) carries the
 *   difference between its end and its start (`lpr`, from the location rollups);
 * - a piece's devices share it the same way, in the order of their numbers;
 * - net (gross ÷ 1,25) the same way: per company and month, rounded up to a period's end less up to
 *   its start, then shared among the period's lines in proportion to their gross.
 * So the lines of a period add up to its totals, and the totals are the same by device, location,
 * lessor or company; the days of a month add up to the month's rent and net. One device's report
 * reads the other devices of the places it stood at, as its share of rent depends on theirs (its net
 * is its own gross's).
 *
 * Device lines are as many as devices × periods (31,000 for a month by day of a thousand devices):
 * device, location and lessor lines are counted per period (device lines from an index) and worked
 * out only for the periods the page shows (decision 0022). One statement.
 */
async function linesOf(db: Db, scope: FinanceScope, periods: Period[], rents: LocationRent[], page: number, itemsPerPage: number) {
  const { subject, from, to, device: oneDevice, ...rest } = scope;
  const offset = (page - 1) * itemsPerPage;
  const byDevice = subject === 'device';
  // What the pieces are read from: the scope, or for one device the places it stood at, whole.
  const places: RollupScope = oneDevice === undefined ? scope : { ...rest, from, to, siblingsOf: { device: oneDevice, from, to } };
  const starts = pgArray(periods.map((p) => p.start));
  const ends = pgArray(periods.map((p) => p.end));
  const zeros = sql.raw(FIGURES.map(() => '0').join(', '));
  const rentInputCte = sql`rent_input as (${rentInput(rents)})`;
  // By day, or by whole months, a rollup row's day or month is its period.
  const rowIsPeriod = scope.period === 'day' || (scope.period === 'month' && from.endsWith('-01') && to === monthEnd(to));
  const periodOfRow = rowIsPeriod ? sql`t.d` : periodOf(scope.period, from, sql`t.d`);
  // A month's rent at a location that earned nothing in it: the location's, on the month's first day in the range.
  const rentOnly = sql`rentonly as (
      select ${periodOf(scope.period, from, sql`greatest(q.month, ${from}::date)`)} as period, q.company_id, q.location_id, q.rent
      from rent_input q
      where q.revenue = 0 and greatest(q.month, ${from}::date) <= ${to}::date and ${oneDevice === undefined ? sql`true` : sql`false`})`;
  // Each location's takings in the month of `from` before it: where the sharing of that month's rent
  // stands at the start. Read from the nearer end of the month: the days before `from`, or the
  // monthly rollup less the days from `from` to the month's end.
  const first = monthStart(from);
  const last = monthEnd(from);
  const grossRows = (range: { from: string; to: string; period: FinancePeriod }, sign = '') =>
    sql`select t.company_id, t.location_key, ${sql.raw(sign)}(${grossOf('t')}) as gross from (${rollupRows({ ...places, ...range }, 'location')}) t`;
  const before =
    from === first
      ? sql`before as (select 0 as company_id, 0 as location_key, 0::bigint as gross where false)`
      : sql`before as (select company_id, location_key, sum(gross)::bigint as gross from (${
          daysBetween(first, from) <= daysBetween(from, last)
            ? grossRows({ from: first, to: addDays(from, -1), period: 'day' })
            : sql`${grossRows({ from: first, to: last, period: 'month' })} union all ${grossRows({ from, to: last, period: 'day' }, '-')}`
        }) x group by 1, 2)`;
  // How far into its month a location's piece reaches, in takings from the range's start: pieces of
  // whole months, or of a month in one period, are alone in it; in one month, a location's pieces
  // follow each other; otherwise they are counted per month.
  const onePiecePerMonth = scope.period === 'month' || scope.period === 'year' || scope.period === 'range';
  const pieceCum = onePiecePerMonth
    ? sql`p0.gross`
    : sql`sum(p0.gross) over (partition by p0.company_id, p0.location_key${sql.raw(first === monthStart(to) ? '' : ', p0.month')} order by p0.period rows unbounded preceding)::bigint`;
  /**
   * Whole cents of `amount` for the part of `whole` from `upTo - part` to `upTo`: the difference of the
   * two ends' amount × upTo ÷ whole, each rounded. In double precision: as fast as integers, and no
   * product of two large amounts can overflow (the same inputs round the same way in every report).
   */
  const share = (amount: string, upTo: string, part: string, whole: string) => {
    const upToRounded = (u: string) => `round(${amount}::float8 * (${u}) / nullif(${whole}, 0))`;
    return sql.raw(`coalesce((${upToRounded(upTo)} - ${upToRounded(`${upTo} - ${part}`)})::bigint, 0)`);
  };
  /**
   * The lines made presentable: gross, the VAT of the machine's bills and of the sales of what was
   * played, net (gross less both), share and EBITDA, named as the contract names them. Each is a sum
   * of whole cents, so lines add up to their totals.
   */
  const shown = (lines: SQL) => sql`shown as (
      select to_char(y.period, 'YYYY-MM-DD') as period, y.subject, y.company_id,
        y.coins_cents as "coinsCents", y.notes_cents as "notesCents", y.cashless_cents as "cashlessCents", y.card_cents as "cardCents",
        y.tokens, y.tokens_cents as "tokensCents", y.gross as "grossCents", y.plays, y.net as "netCents", y.vat_cents as "vatCents",
        y.sale_vat_cents as "saleVatCents", y.card_bonus_cents as "cardBonusCents",
        y.rent as "rentCents", y.net - y.rent as "shareCents",
        y.maintenance as "maintenanceCents", y.operational as "operationalCostsCents", y.prize as "prizeCostCents",
        y.net - y.rent - y.operational - y.maintenance - y.prize as "ebitdaCents"
      from (
        select l.period, l.subject, l.company_id, ${sql.raw(FIGURES.map((f) => `l.${f}`).join(', '))}, l.gross,
          l.maintenance::bigint as maintenance, l.operational::bigint as operational, l.prize::bigint as prize, l.rent::bigint as rent,
          (l.gross - l.vat_cents - l.sale_vat_cents)::bigint as net
        from (select l1.*, (${GROSS})::bigint as gross from (${lines}) l1) l) y)`;
  const nameOf: Record<FinanceSubject, SQL> = {
    device: sql`(select name from devices where id = x.subject)`,
    location: sql`(select name from locations where id = x.subject)`,
    lessor: sql`(select name from lessors where id = x.subject)`,
    company: sql`c.name`,
  };
  /** One page of `shown`, `skip` lines in, with the company's and the subject's names. */
  const pageOf = (skip: SQL | number) => sql`(select coalesce(json_agg(t), '[]') from (
        select x.*, c.name as company_name, ${nameOf[subject]} as name
        from (select * from shown order by period, "grossCents" desc, subject nulls last, company_id
          limit ${itemsPerPage} offset ${skip}) x
        join companies c on c.id = x.company_id
        order by x.period, x."grossCents" desc, x.subject nulls last, x.company_id) t)`;

  // The location and lessor lines: sums of the location pieces (`sp`: each with its subject), worked
  // out for the periods of the page only (`chosen`), as the device lines are; the count from the keys.
  const subjectPieces: Record<'location' | 'lessor', SQL> = {
    location: sql`select p.*, nullif(p.location_key, 0) as subject from lpr p`,
    lessor: sql`select p.*, l.lessor_id as subject from lpr p left join locations l on l.id = p.location_key`,
  };
  const pagedLines = sql`select period, subject, company_id, ${sums()}, sum(rent) as rent, 0 as maintenance, 0 as operational, 0 as prize
    from sp where period in (select period from chosen) group by 1, 2, 3`;
  const lineSql: Record<'company', SQL> = {
    // A line for every company and period, with its costs, revenue or not. The prize cost is the sum
    // of the issues' values, each to the cent (as the movements list shows them), less their
    // reversals': any cut of a range adds up to the same. The monthly operational
    // costs by day in whole cents, as rent is shared: day n of a month of m days carries
    // round(costs × n ÷ m) − round(costs × (n − 1) ÷ m), so the days of a month add up to it.
    company: sql`select g.period, g.company_id as subject, g.company_id,
        ${sql.raw(FIGURES.map((f) => `coalesce(s.${f}, 0) ${f}`).join(', '))}, coalesce(s.rent, 0) as rent,
        (select coalesce(sum(m.cost_cents), 0) from maintenance m where m.company_id = g.company_id and m.date between g.period and g.period_end) as maintenance,
        (select coalesce(sum(round(c.operational_costs_cents * extract(day from d) / m.days)
            - round(c.operational_costs_cents * (extract(day from d) - 1) / m.days)), 0)
          from generate_series(g.period, g.period_end, interval '1 day') d,
            lateral (select extract(day from date_trunc('month', d) + interval '1 month' - interval '1 day') as days) m) as operational,
        (select coalesce(sum(case when sm.reverses_id is null then ${movementValue('sm')} else -${movementValue('sm')} end), 0)
          from stock_movements sm
          where sm.company_id = g.company_id and sm.kind = 'issue' and sm.device_id is not null
            and sm.at >= g.period::timestamp at time zone 'Europe/Zagreb' and sm.at < (g.period_end + 1)::timestamp at time zone 'Europe/Zagreb') as prize
      from (select c.id as company_id, per.ps as period, per.pe as period_end
        from companies c, unnest(${starts}::date[], ${ends}::date[]) as per(ps, pe)
        where ${scope.companies === null ? sql`true` : sql`c.id = any(${pgArray(scope.companies)}::int[])`}) g
      join companies c on c.id = g.company_id
      left join cp s on s.period = g.period and s.company_id = g.company_id`,
  };
  // The periods the page falls in, from the lines each period has (`counts`), and the lines before
  // them; every period for one device (its totals are its lines').
  const chosen = sql`chosen as (
      select period, before from (
        select period, n, coalesce(sum(n) over (order by period rows between unbounded preceding and 1 preceding), 0) as before from counts) b
      ${oneDevice === undefined ? sql`where before < ${offset + itemsPerPage} and before + n > ${offset}` : sql``})`;
  // The device lines of those periods: each device's part of its place's piece of rent, in whole cents
  // (its pieces in the order of the devices' numbers), from the device rows of their days only.
  const deviceLines = sql`select s.period, s.device_id as subject, s.company_id, ${sums('s.')},
      sum(${share('l.rent', 's.cum', 's.gross', 's.whole')}) as rent, 0 as maintenance, 0 as operational, 0 as prize
    from (
      select d.*, sum(d.gross) over (partition by d.period, d.company_id, d.location_key, d.month order by d.device_id rows unbounded preceding)::bigint as cum,
        sum(d.gross) over (partition by d.period, d.company_id, d.location_key, d.month)::bigint as whole
      from (
        select ${periodOfRow} as period, t.company_id, t.device_id, t.location_key, date_trunc('month', t.d::timestamp)::date as month,
          ${sums('t.')}, sum(${grossOf('t')})::bigint as gross
        from (${rollupRows(places, 'device')}) t
        where t.d between (select lo from bounds) and (select hi from bounds)
        group by 1, 2, 3, 4, 5) d
      where d.period in (select period from chosen)) s
    left join lpr l on l.period = s.period and l.company_id = s.company_id and l.location_key = s.location_key and l.month = s.month
    ${oneDevice === undefined ? sql`` : sql`where s.device_id = ${oneDevice}`}
    group by 1, 2, 3
    union all
    select period, null, company_id, ${zeros}, sum(rent), 0, 0, 0 from rentonly where period in (select period from chosen) group by 1, 3`;
  // Every period's totals: per company and period, from the pieces (net from the company's gross);
  // for one device, its lines; for the company report, its lines too (a line for every company and
  // period, so a period without revenue keeps its costs).
  const totals =
    oneDevice === undefined && subject !== 'company'
      ? sql`totals as (
      select to_char(p.period, 'YYYY-MM-DD') as period, ${sums('p.')}, sum(p.gross)::bigint as "grossCents",
        sum(p.net)::bigint as "netCents", sum(p.rent)::bigint as "rentCents"
      from cp p
      group by 1)`
      : sql`totals as (
      select s.period, sum(s."coinsCents")::bigint as coins_cents, sum(s."notesCents")::bigint as notes_cents,
        sum(s."cashlessCents")::bigint as cashless_cents, sum(s."cardCents")::bigint as card_cents, sum(s.tokens)::bigint as tokens,
        sum(s."tokensCents")::bigint as tokens_cents, sum(s.plays)::bigint as plays, sum(s."cardBonusCents")::bigint as card_bonus_cents,
        sum(s."vatCents")::bigint as vat_cents, sum(s."saleVatCents")::bigint as sale_vat_cents, sum(s."grossCents")::bigint as "grossCents",
        sum(s."netCents")::bigint as "netCents", sum(s."rentCents")::bigint as "rentCents"
      from shown s group by 1)`;
  const statement = sql`
    with ${rentInputCte}, ${rentOnly}, ${before},
    -- The pieces rent is shared by: a location's takings in a period and month, and its whole cents of
    -- that month's rent (the rounded share up to the piece's end less the one up to its start).
    lpr as (
      select p.period, p.company_id, p.location_key, p.month, ${sql.raw(FIGURES.map((f) => `p.${f}`).join(', '))}, p.gross,
        ${share('q.rent', 'p.cum + coalesce(b.gross, 0)', 'p.gross', 'q.revenue')} as rent
      from (
        select p0.*, ${pieceCum} as cum
        from (${
          // Where a row's day or month is its period, the location rollup has a row per piece already (its
          // key is the company, location and day or month); otherwise its rows are summed into pieces.
          rowIsPeriod
            ? sql`select ${periodOfRow} as period, t.company_id, t.location_key, date_trunc('month', t.d::timestamp)::date as month,
              ${sql.raw(FIGURES.map((f) => `t.${f}`).join(', '))}, (${grossOf('t')})::bigint as gross
            from (${rollupRows(places, 'location')}) t`
            : sql`select ${periodOfRow} as period, t.company_id, t.location_key,
              date_trunc('month', t.d::timestamp)::date as month, ${sums('t.')}, sum(${grossOf('t')})::bigint as gross
            from (${rollupRows(places, 'location')}) t group by 1, 2, 3, 4`
        }) p0) p
      left join rent_input q on q.location_id = p.location_key and q.month = p.month
      left join before b on b.company_id = p.company_id and b.location_key = p.location_key and p.month = ${first}::date
      union all
      select period, company_id, location_id, null, ${zeros}, 0, rent from rentonly),
    -- Each company's takings, rent and net per period: the periods' totals, and the company report's
    -- lines. Net is gross less the VAT summed payment by payment in the rollups.
    cp as (
      select k.period, k.company_id, ${sums('k.')}, sum(k.gross)::bigint as gross, sum(k.rent)::bigint as rent,
        sum(k.gross - k.vat_cents - k.sale_vat_cents)::bigint as net
      from lpr k
      group by 1, 2)
    ${
      byDevice
        ? sql`,
    -- The device lines of each period (a device is of one company) and the rent-only line of each company that has one.
    counts as (
      select period, sum(n)::bigint as n from (
        select ${periodOfRow} as period, count(distinct t.device_id) as n from (${rollupRows(scope, 'device')}) t group by 1
        union all select period, count(distinct company_id) from rentonly group by 1) x
      group by 1),
    ${chosen},
    -- The days the chosen periods cover: what the device rows are read for.
    bounds as (
      select min(c.period) as lo, max(per.pe) as hi
      from chosen c join unnest(${starts}::date[], ${ends}::date[]) as per(ps, pe) on per.ps = c.period),
    ${shown(deviceLines)}`
        : subject === 'company'
          ? sql`, ${shown(lineSql.company)}`
          : sql`,
    -- Not materialized: read twice (the count, the page's periods), a copy of the pieces costs more than
    -- working the subject out again (14–37 % of the statement's time, decision 0022, 2026-11-29).
    sp as not materialized (${subjectPieces[subject]}),
    counts as (select period, count(*) as n from (select distinct period, subject, company_id from sp) k group by 1),
    ${chosen},
    ${shown(pagedLines)}`
    },
    ${totals}
    select
      ${subject === 'company' ? sql`(select count(*) from shown)` : sql`(select coalesce(sum(n), 0) from counts)`} as count,
      ${pageOf(subject === 'company' ? offset : sql`${offset} - (select coalesce(min(before), 0) from chosen)`)} as page,
      (select coalesce(json_agg(t), '[]') from (
        select t.period, t.coins_cents as "coinsCents", t.notes_cents as "notesCents", t.cashless_cents as "cashlessCents",
          t.card_cents as "cardCents", t.tokens, t.tokens_cents as "tokensCents", t."grossCents", t.plays, t."netCents",
          t.vat_cents as "vatCents", t.sale_vat_cents as "saleVatCents", t.card_bonus_cents as "cardBonusCents", t."rentCents",
          t."netCents" - t."rentCents" as "shareCents"
          ${
            subject === 'company'
              ? sql`, k.maintenance as "maintenanceCents", k.operational as "operationalCostsCents", k.prize as "prizeCostCents",
            t."netCents" - t."rentCents" - k.operational - k.maintenance - k.prize as "ebitdaCents"`
              : sql``
          }
        from totals t
        ${
          subject === 'company'
            ? sql`left join (select period, sum("maintenanceCents") maintenance, sum("operationalCostsCents") operational,
            sum("prizeCostCents") prize from shown group by 1) k on k.period = t.period`
            : sql``
        }) t) as periods`;

  // A year of a thousand devices sums tens of thousands of rollup rows: enough memory to hash and sort
  // them without spilling to disk (the default 4 MB does), for this statement only.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '32MB'`);
    return tx.execute(statement);
  });
  const answer = decode(result);
  return { count: n(answer.count), page: answer.page, periods: answer.periods };
}

function decode(result: unknown) {
  const [row] = (result as { rows: { count: unknown; page: unknown; periods: unknown }[] }).rows;
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Json[];
  return {
    count: row?.count,
    page: parse(row?.page),
    periods: parse(row?.periods),
  };
}
