import { addDays, daysBetween, type FinancePeriod, type FinanceSubject, monthEnd, monthStart } from '@kovanica/contract';
import { type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  companies,
  deviceDaily,
  deviceMonthly,
  devices,
  lessors,
  locationDaily,
  locationMonthly,
  locations,
  maintenance,
  stockMovements,
} from '../../db/schema/index.ts';
import { pgArray } from '../../db/units.ts';
import { movementValue } from '../movements/movements.service.ts';
import { type Period, periodsOf } from './periods.ts';
import type { LocationRent, RentScope } from './rent.queries.ts';

/**
 * The finance report's SQL (docs/rules.md "Money reports"; decisions 0020, 0022): one statement per
 * report, made of the named builders below, each a common table expression or a part of one.
 */

/** A column's name in SQL (the schema names columns by their keys in snake case). */
const nameOf = (column: AnyPgColumn) => (column.keyAsName ? toSnakeCase(column.name) : column.name);
// Tables read under a short name are written `from ${table} c` with `c = alias(table, 'c')` for their
// columns (`${c.name}`): in an SQL template drizzle writes an alias by its name alone.

/** The SQL that names the period (its first day, clamped to the range) of a rollup row's day (`r.d`). */
export function periodOf(period: FinancePeriod, from: string, day: SQL = sql`r.d`): SQL {
  const trunc = (unit: string) => sql`greatest(date_trunc(${unit}, ${day}::timestamp)::date, ${from}::date)`;
  if (period === 'day') return day;
  if (period === 'range') return sql`${from}::date`;
  return trunc(period);
}

/** The subjects a report may be narrowed to, read from the query's IRIs (`financeScope`). */
export interface FinanceScope extends RentScope {
  subject: FinanceSubject;
  from: string;
  to: string;
  period: FinancePeriod;
}

/** What `rollupRows` reads: a finance scope, or the places a device stood in it with their other devices. */
export type RollupScope = Omit<FinanceScope, 'subject'> & {
  /** Instead of one device's rows: the rows of every place it stood at from `from` to `to` (its own included). */
  siblingsOf?: { device: number; from: string; to: string };
};

type DailyRollup = typeof deviceDaily | typeof locationDaily;
type MonthlyRollup = typeof deviceMonthly | typeof locationMonthly;

/** The conditions of `scope` on the rows of a rollup table (`true` without any). */
function rollupFilters(scope: RollupScope, level: 'device' | 'location', t: DailyRollup | MonthlyRollup): SQL {
  const parts: SQL[] = [];
  if (scope.companies !== null) parts.push(sql`${t.companyId} = any(${pgArray(scope.companies)}::int[])`);
  if (scope.device !== undefined && 'deviceId' in t) parts.push(sql`${t.deviceId} = ${scope.device}`);
  if (scope.siblingsOf !== undefined) {
    const { device, from, to } = scope.siblingsOf;
    const k = alias(deviceDaily, 'k');
    const places = sql`(select ${k.locationKey} from ${deviceDaily} k
        where ${k.deviceId} = ${device} and ${k.day} between ${from}::date and ${to}::date and ${k.locationKey} <> 0)`;
    parts.push(
      level === 'device' && 'deviceId' in t
        ? sql`(${t.deviceId} = ${device} or ${t.locationKey} in ${places})`
        : sql`${t.locationKey} in ${places}`,
    );
  }
  if (scope.location !== undefined) parts.push(sql`${t.locationKey} = ${scope.location}`);
  if (scope.lessor !== undefined)
    parts.push(sql`${t.locationId} in (select ${locations.id} from ${locations} where ${locations.lessorId} = ${scope.lessor})`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** The columns a rollup row is read with: where it was taken and its sums. */
function rollupColumns(t: DailyRollup | MonthlyRollup): SQL {
  const place = 'deviceId' in t ? [t.companyId, t.deviceId] : [t.companyId];
  const columns = [
    ...place,
    t.locationKey,
    t.locationId,
    t.coinsCents,
    t.notesCents,
    t.cashlessCents,
    t.cardCents,
    t.tokens,
    t.tokensCents,
    t.plays,
    t.prizesOut,
    t.cardBonusCents,
    t.vatCents,
    t.saleVatCents,
  ];
  return sql.join(
    columns.map((c) => sql`${c}`),
    sql`, `,
  );
}

/**
 * The rollup rows of the range: whole months from the monthly rollup unless cut into days or weeks.
 * Per device (`device_daily`, `device_monthly`), or per location (`location_daily`, `location_monthly`:
 * the same sums, a fifth of the rows; no device filter, no `device_id`). Each row's day or month is `d`.
 */
export function rollupRows(scope: RollupScope, level: 'device' | 'location' = 'device'): SQL {
  if (level === 'location' && scope.device !== undefined) throw new Error('a device filter needs the device rollups');
  const [dailyTable, monthlyTable] = level === 'device' ? [deviceDaily, deviceMonthly] : [locationDaily, locationMonthly];
  const daily = (a: string, b: string) =>
    sql`select ${rollupColumns(dailyTable)}, ${dailyTable.day} as d from ${dailyTable} where ${dailyTable.day} between ${a}::date and ${b}::date and ${rollupFilters(scope, level, dailyTable)}`;
  if (scope.period === 'day' || scope.period === 'week') return daily(scope.from, scope.to);
  // Whole months from the monthly rollup, the days around them from the daily one (decision 0015).
  const months = periodsOf(scope.from, scope.to, 'month');
  const whole = months.filter((m) => m.start.endsWith('-01') && m.end === monthEnd(m.start));
  const parts: SQL[] = months.filter((m) => !whole.includes(m)).map((m) => daily(m.start, m.end));
  const first = whole[0];
  const last = whole.at(-1);
  if (first && last)
    parts.push(
      sql`select ${rollupColumns(monthlyTable)}, ${monthlyTable.month} as d from ${monthlyTable} where ${monthlyTable.month} between ${first.start}::date and ${last.start}::date and ${rollupFilters(scope, level, monthlyTable)}`,
    );
  return sql.join(parts, sql` union all `);
}

/**
 * The rollups' sums a line adds up: the revenue parts, plays, and beside them the card plays paid from
 * a bonus (not revenue) and the VAT, of the machine's bills and of the sales of the credit and tokens
 * played (docs/rules.md, "Revenue and VAT"). Named as the rollup tables name them.
 */
export const FIGURES = [
  deviceDaily.coinsCents,
  deviceDaily.notesCents,
  deviceDaily.cashlessCents,
  deviceDaily.cardCents,
  deviceDaily.tokens,
  deviceDaily.tokensCents,
  deviceDaily.plays,
  deviceDaily.cardBonusCents,
  deviceDaily.vatCents,
  deviceDaily.saleVatCents,
].map(nameOf);
/** The revenue parts, whose sum is gross. */
const REVENUE = [
  deviceDaily.coinsCents,
  deviceDaily.notesCents,
  deviceDaily.cashlessCents,
  deviceDaily.cardCents,
  deviceDaily.tokensCents,
].map(nameOf);
/** The figures summed, as `sum(<prefix>x)::bigint x, …`. */
export const sums = (prefix = '') => sql.raw(FIGURES.map((f) => `sum(${prefix}${f})::bigint ${f}`).join(', '));
/** The figures of `table`, as `table.x, …`. */
const figuresOf = (table: string) => sql.raw(FIGURES.map((f) => `${table}.${f}`).join(', '));
/** A zero for each figure. */
const ZEROS = sql.raw(FIGURES.map(() => '0').join(', '));
/** Gross: the revenue parts added, of the columns of `table` (or unqualified). */
export const grossOf = (table = '') => sql.raw(REVENUE.map((c) => (table ? `${table}.${c}` : c)).join(' + '));
const GROSS = grossOf();

/**
 * Whole cents of `amount` for the part of `whole` from `upTo - part` to `upTo`: the difference of the
 * two ends' amount × upTo ÷ whole, each rounded. In double precision: as fast as integers, and no
 * product of two large amounts can overflow (the same inputs round the same way in every report).
 */
export function share(amount: string, upTo: string, part: string, whole: string): SQL {
  const upToRounded = (u: string) => `round(${amount}::float8 * (${u}) / nullif(${whole}, 0))`;
  return sql.raw(`coalesce((${upToRounded(upTo)} - ${upToRounded(`${upTo} - ${part}`)})::bigint, 0)`);
}

/** One report's statement as its builders see it: the scope, its periods and the page asked for. */
export interface LinesInput {
  scope: FinanceScope;
  periods: Period[];
  rents: LocationRent[];
  page: number;
  itemsPerPage: number;
}

/** What the builders share, worked out once from a `LinesInput`. */
interface Lines extends LinesInput {
  subject: FinanceSubject;
  from: string;
  to: string;
  /** The device the report is narrowed to, if any. */
  oneDevice: number | undefined;
  offset: number;
  /** What the pieces are read from: the scope, or for one device the places it stood at, whole. */
  places: RollupScope;
  /** The periods' first and last days, as SQL arrays. */
  starts: string;
  ends: string;
  /** By day, or by whole months, a rollup row's day or month is its period. */
  rowIsPeriod: boolean;
  /** The period of a rollup row `t`. */
  periodOfRow: SQL;
  /** The first day of the month of `from`. */
  first: string;
}

/** The shared parts of one report's statement. */
export function linesContext(input: LinesInput): Lines {
  const { scope, periods, page, itemsPerPage } = input;
  const { subject, from, to, device: oneDevice, ...rest } = scope;
  const rowIsPeriod = scope.period === 'day' || (scope.period === 'month' && from.endsWith('-01') && to === monthEnd(to));
  return {
    ...input,
    subject,
    from,
    to,
    oneDevice,
    offset: (page - 1) * itemsPerPage,
    places: oneDevice === undefined ? scope : { ...rest, from, to, siblingsOf: { device: oneDevice, from, to } },
    starts: pgArray(periods.map((p) => p.start)),
    ends: pgArray(periods.map((p) => p.end)),
    rowIsPeriod,
    periodOfRow: rowIsPeriod ? sql`t.d` : periodOf(scope.period, from, sql`t.d`),
    first: monthStart(from),
  };
}

/**
 * `rent_input`: the rent of each location and month with rent, from `rents` (as arrays for `unnest`):
 * where it goes, the month's rent owed to the cent (half to even, as the lessor's statement rounds it,
 * the figure shared) and the month's revenue it is shared by.
 */
export function rentInput(rents: LocationRent[]): SQL {
  const rows = rents.filter((r) => r.rent.rentCents > 0);
  return sql`rent_input as (select location_id, company_id, month, round(rent)::bigint as rent, revenue::bigint as revenue from unnest(
    ${pgArray(rows.map((r) => r.locationId))}::int[], ${pgArray(rows.map((r) => r.companyId))}::int[],
    ${pgArray(rows.map((r) => r.rent.month))}::date[], ${pgArray(rows.map((r) => r.rent.rentCents))}::float8[],
    ${pgArray(rows.map((r) => r.monthRevenueCents))}::float8[]) as q(location_id, company_id, month, rent, revenue))`;
}

/**
 * `rentonly`: a month's rent at a location that earned nothing in it, the location's, on the month's
 * first day in the range (none in one device's report).
 */
export function rentOnly({ scope, from, to, oneDevice }: Lines): SQL {
  return sql`rentonly as (
      select ${periodOf(scope.period, from, sql`greatest(q.month, ${from}::date)`)} as period, q.company_id, q.location_id, q.rent
      from rent_input q
      where q.revenue = 0 and greatest(q.month, ${from}::date) <= ${to}::date and ${oneDevice === undefined ? sql`true` : sql`false`})`;
}

/**
 * `before`: each location's takings in the month of `from` before it, where the sharing of that
 * month's rent stands at the start. Read from the nearer end of the month: the days before `from`, or
 * the monthly rollup less the days from `from` to the month's end. None when `from` is a 1st.
 */
export function takingsBefore({ from, first, places }: Lines): SQL {
  const last = monthEnd(from);
  const grossRows = (range: { from: string; to: string; period: FinancePeriod }, sign = '') =>
    sql`select t.company_id, t.location_key, ${sql.raw(sign)}(${grossOf('t')}) as gross from (${rollupRows({ ...places, ...range }, 'location')}) t`;
  if (from === first) return sql`before as (select 0 as company_id, 0 as location_key, 0::bigint as gross where false)`;
  return sql`before as (select company_id, location_key, sum(gross)::bigint as gross from (${
    daysBetween(first, from) <= daysBetween(from, last)
      ? grossRows({ from: first, to: addDays(from, -1), period: 'day' })
      : sql`${grossRows({ from: first, to: last, period: 'month' })} union all ${grossRows({ from, to: last, period: 'day' }, '-')}`
  }) x group by 1, 2)`;
}

/**
 * How far into its month a location's piece (`p0`) reaches, in takings from the range's start: pieces
 * of whole months, or of a month in one period, are alone in it; in one month, a location's pieces
 * follow each other; otherwise they are counted per month.
 */
export function pieceReach({ scope, first, to }: Lines): SQL {
  const onePiecePerMonth = scope.period === 'month' || scope.period === 'year' || scope.period === 'range';
  return onePiecePerMonth
    ? sql`p0.gross`
    : sql`sum(p0.gross) over (partition by p0.company_id, p0.location_key${sql.raw(first === monthStart(to) ? '' : ', p0.month')} order by p0.period rows unbounded preceding)::bigint`;
}

/**
 * `lpr`, the pieces rent is shared by: a location's takings in a period and month, and its whole
 * cents of that month's rent (the rounded share up to the piece's end less the one up to its start);
 * then the rent-only pieces.
 */
export function locationPieces(lines: Lines): SQL {
  const { rowIsPeriod, periodOfRow, places, first } = lines;
  // Where a row's day or month is its period, the location rollup has a row per piece already (its
  // key is the company, location and day or month); otherwise its rows are summed into pieces.
  const pieces = rowIsPeriod
    ? sql`select ${periodOfRow} as period, t.company_id, t.location_key, date_trunc('month', t.d::timestamp)::date as month,
              ${figuresOf('t')}, (${grossOf('t')})::bigint as gross
            from (${rollupRows(places, 'location')}) t`
    : sql`select ${periodOfRow} as period, t.company_id, t.location_key,
              date_trunc('month', t.d::timestamp)::date as month, ${sums('t.')}, sum(${grossOf('t')})::bigint as gross
            from (${rollupRows(places, 'location')}) t group by 1, 2, 3, 4`;
  return sql`lpr as (
      select p.period, p.company_id, p.location_key, p.month, ${figuresOf('p')}, p.gross,
        ${share('q.rent', 'p.cum + coalesce(b.gross, 0)', 'p.gross', 'q.revenue')} as rent
      from (
        select p0.*, ${pieceReach(lines)} as cum
        from (${pieces}) p0) p
      left join rent_input q on q.location_id = p.location_key and q.month = p.month
      left join before b on b.company_id = p.company_id and b.location_key = p.location_key and p.month = ${first}::date
      union all
      select period, company_id, location_id, null, ${ZEROS}, 0, rent from rentonly)`;
}

/**
 * `cp`: each company's takings, rent and net per period, from the pieces: the periods' totals, and the
 * company report's lines. Net is gross less the VAT summed payment by payment in the rollups.
 */
export const COMPANY_PERIODS = sql`cp as (
      select k.period, k.company_id, ${sums('k.')}, sum(k.gross)::bigint as gross, sum(k.rent)::bigint as rent,
        sum(k.gross - k.vat_cents - k.sale_vat_cents)::bigint as net
      from lpr k
      group by 1, 2)`;

/**
 * `shown`: the lines made presentable: gross, the VAT of the machine's bills and of the sales of what
 * was played, net (gross less both), share and EBITDA, named as the contract names them. Each is a sum
 * of whole cents, so lines add up to their totals.
 */
export function shown(lines: SQL): SQL {
  return sql`shown as (
      select to_char(y.period, 'YYYY-MM-DD') as period, y.subject, y.company_id,
        y.coins_cents as "coinsCents", y.notes_cents as "notesCents", y.cashless_cents as "cashlessCents", y.card_cents as "cardCents",
        y.tokens, y.tokens_cents as "tokensCents", y.gross as "grossCents", y.plays, y.net as "netCents", y.vat_cents as "vatCents",
        y.sale_vat_cents as "saleVatCents", y.card_bonus_cents as "cardBonusCents",
        y.rent as "rentCents", y.net - y.rent as "shareCents",
        y.maintenance as "maintenanceCents", y.operational as "operationalCostsCents", y.prize as "prizeCostCents",
        y.net - y.rent - y.operational - y.maintenance - y.prize as "ebitdaCents"
      from (
        select l.period, l.subject, l.company_id, ${figuresOf('l')}, l.gross,
          l.maintenance::bigint as maintenance, l.operational::bigint as operational, l.prize::bigint as prize, l.rent::bigint as rent,
          (l.gross - l.vat_cents - l.sale_vat_cents)::bigint as net
        from (select l1.*, (${GROSS})::bigint as gross from (${lines}) l1) l) y)`;
}

/** The name of a line's subject (`x.subject`; the company's: `c`). */
function subjectName(subject: FinanceSubject): SQL {
  switch (subject) {
    case 'device':
      return sql`(select ${devices.name} from ${devices} where ${devices.id} = x.subject)`;
    case 'location':
      return sql`(select ${locations.name} from ${locations} where ${locations.id} = x.subject)`;
    case 'lessor':
      return sql`(select ${lessors.name} from ${lessors} where ${lessors.id} = x.subject)`;
    case 'company':
      return sql`${alias(companies, 'c').name}`;
  }
}

/** One page of `shown` as JSON, `skip` lines in, with the company's and the subject's names. */
export function pageOf(subject: FinanceSubject, itemsPerPage: number, skip: SQL | number): SQL {
  const c = alias(companies, 'c');
  return sql`(select coalesce(json_agg(t), '[]') from (
        select x.*, ${c.name} as company_name, ${subjectName(subject)} as name
        from (select * from shown order by period, "grossCents" desc, subject nulls last, company_id
          limit ${itemsPerPage} offset ${skip}) x
        join ${companies} c on ${c.id} = x.company_id
        order by x.period, x."grossCents" desc, x.subject nulls last, x.company_id) t)`;
}

/**
 * `sp`: the location pieces (`lpr`) with the subject of the location or lessor line they add to
 * (a location standing nowhere: none).
 */
export function subjectPieces(subject: 'location' | 'lessor'): SQL {
  const l = alias(locations, 'l');
  return subject === 'location'
    ? sql`select p.*, nullif(p.location_key, 0) as subject from lpr p`
    : sql`select p.*, ${l.lessorId} as subject from lpr p left join ${locations} l on ${l.id} = p.location_key`;
}

/** The location and lessor lines of the periods of the page (`chosen`): sums of their pieces (`sp`). */
export const SUBJECT_LINES = sql`select period, subject, company_id, ${sums()}, sum(rent) as rent, 0 as maintenance, 0 as operational, 0 as prize
    from sp where period in (select period from chosen) group by 1, 2, 3`;

/**
 * The company report's lines: one for every company and period, with its costs, revenue or not. The
 * prize cost is the sum of the issues' values, each to the cent (as the movements list shows them),
 * less their reversals': any cut of a range adds up to the same. The monthly operational costs by day
 * in whole cents, as rent is shared: day n of a month of m days carries
 * round(costs × n ÷ m) − round(costs × (n − 1) ÷ m), so the days of a month add up to it.
 */
export function companyLines({ scope, starts, ends }: Lines): SQL {
  const c = alias(companies, 'c');
  const m = alias(maintenance, 'm');
  const sm = alias(stockMovements, 'sm');
  return sql`select g.period, g.company_id as subject, g.company_id,
        ${sql.raw(FIGURES.map((f) => `coalesce(s.${f}, 0) ${f}`).join(', '))}, coalesce(s.rent, 0) as rent,
        (select coalesce(sum(${m.costCents}), 0) from ${maintenance} m where ${m.companyId} = g.company_id and ${m.date} between g.period and g.period_end) as maintenance,
        (select coalesce(sum(round(${c.operationalCostsCents} * extract(day from d) / m.days)
            - round(${c.operationalCostsCents} * (extract(day from d) - 1) / m.days)), 0)
          from generate_series(g.period, g.period_end, interval '1 day') d,
            lateral (select extract(day from date_trunc('month', d) + interval '1 month' - interval '1 day') as days) m) as operational,
        (select coalesce(sum(case when ${sm.reversesId} is null then ${movementValue('sm')} else -${movementValue('sm')} end), 0)
          from ${stockMovements} sm
          where ${sm.companyId} = g.company_id and ${sm.kind} = 'issue' and ${sm.deviceId} is not null
            and ${sm.at} >= g.period::timestamp at time zone 'Europe/Zagreb' and ${sm.at} < (g.period_end + 1)::timestamp at time zone 'Europe/Zagreb') as prize
      from (select ${c.id} as company_id, per.ps as period, per.pe as period_end
        from ${companies} c, unnest(${starts}::date[], ${ends}::date[]) as per(ps, pe)
        where ${scope.companies === null ? sql`true` : sql`${c.id} = any(${pgArray(scope.companies)}::int[])`}) g
      join ${companies} c on ${c.id} = g.company_id
      left join cp s on s.period = g.period and s.company_id = g.company_id`;
}

/**
 * `chosen`: the periods the page falls in, from the lines each period has (`counts`), with the lines
 * before them; every period for one device (its totals are its lines').
 */
export function chosenPeriods({ oneDevice, offset, itemsPerPage }: Lines): SQL {
  return sql`chosen as (
      select period, before from (
        select period, n, coalesce(sum(n) over (order by period rows between unbounded preceding and 1 preceding), 0) as before from counts) b
      ${oneDevice === undefined ? sql`where before < ${offset + itemsPerPage} and before + n > ${offset}` : sql``})`;
}

/**
 * The device lines of the chosen periods: each device's part of its place's piece of rent, in whole
 * cents (its pieces in the order of the devices' numbers), from the device rows of their days only;
 * and each company's rent-only line.
 */
export function deviceLines({ periodOfRow, places, oneDevice }: Lines): SQL {
  return sql`select s.period, s.device_id as subject, s.company_id, ${sums('s.')},
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
    select period, null, company_id, ${ZEROS}, sum(rent), 0, 0, 0 from rentonly where period in (select period from chosen) group by 1, 3`;
}

/**
 * The device report's expressions after `cp`: the device lines of each period (a device is of one
 * company) and the rent-only line of each company that has one (`counts`), the periods of the page,
 * the days they cover (`bounds`: what the device rows are read for) and the page's lines.
 */
export function deviceReportParts(lines: Lines): SQL {
  const { periodOfRow, scope, starts, ends } = lines;
  return sql`
    counts as (
      select period, sum(n)::bigint as n from (
        select ${periodOfRow} as period, count(distinct t.device_id) as n from (${rollupRows(scope, 'device')}) t group by 1
        union all select period, count(distinct company_id) from rentonly group by 1) x
      group by 1),
    ${chosenPeriods(lines)},
    bounds as (
      select min(c.period) as lo, max(per.pe) as hi
      from chosen c join unnest(${starts}::date[], ${ends}::date[]) as per(ps, pe) on per.ps = c.period),
    ${shown(deviceLines(lines))}`;
}

/**
 * The location and lessor reports' expressions after `cp`: the pieces with their subject, the lines
 * of each period counted from their keys, the periods of the page and the page's lines.
 */
export function subjectReportParts(lines: Lines & { subject: 'location' | 'lessor' }): SQL {
  return sql`
    -- Not materialized: read twice (the count, the page's periods), a copy of the pieces costs more than
    -- working the subject out again (14–37 % of the statement's time, decision 0022, 2026-11-29).
    sp as not materialized (${subjectPieces(lines.subject)}),
    counts as (select period, count(*) as n from (select distinct period, subject, company_id from sp) k group by 1),
    ${chosenPeriods(lines)},
    ${shown(SUBJECT_LINES)}`;
}

/**
 * `totals`: every period's totals. Per company and period from the pieces (net from the company's
 * gross); for one device, its lines; for the company report, its lines too (a line for every company
 * and period, so a period without revenue keeps its costs).
 */
export function periodTotals({ oneDevice, subject }: Lines): SQL {
  if (oneDevice === undefined && subject !== 'company')
    return sql`totals as (
      select to_char(p.period, 'YYYY-MM-DD') as period, ${sums('p.')}, sum(p.gross)::bigint as "grossCents",
        sum(p.net)::bigint as "netCents", sum(p.rent)::bigint as "rentCents"
      from cp p
      group by 1)`;
  return sql`totals as (
      select s.period, sum(s."coinsCents")::bigint as coins_cents, sum(s."notesCents")::bigint as notes_cents,
        sum(s."cashlessCents")::bigint as cashless_cents, sum(s."cardCents")::bigint as card_cents, sum(s.tokens)::bigint as tokens,
        sum(s."tokensCents")::bigint as tokens_cents, sum(s.plays)::bigint as plays, sum(s."cardBonusCents")::bigint as card_bonus_cents,
        sum(s."vatCents")::bigint as vat_cents, sum(s."saleVatCents")::bigint as sale_vat_cents, sum(s."grossCents")::bigint as "grossCents",
        sum(s."netCents")::bigint as "netCents", sum(s."rentCents")::bigint as "rentCents"
      from shown s group by 1)`;
}

/** The answer's one row: the count of all lines, the page's lines and every period's totals (JSON). */
export function answer({ subject, offset, itemsPerPage }: Lines): SQL {
  const company = subject === 'company';
  return sql`select
      ${company ? sql`(select count(*) from shown)` : sql`(select coalesce(sum(n), 0) from counts)`} as count,
      ${pageOf(subject, itemsPerPage, company ? offset : sql`${offset} - (select coalesce(min(before), 0) from chosen)`)} as page,
      (select coalesce(json_agg(t), '[]') from (
        select t.period, t.coins_cents as "coinsCents", t.notes_cents as "notesCents", t.cashless_cents as "cashlessCents",
          t.card_cents as "cardCents", t.tokens, t.tokens_cents as "tokensCents", t."grossCents", t.plays, t."netCents",
          t.vat_cents as "vatCents", t.sale_vat_cents as "saleVatCents", t.card_bonus_cents as "cardBonusCents", t."rentCents",
          t."netCents" - t."rentCents" as "shareCents"
          ${
            company
              ? sql`, k.maintenance as "maintenanceCents", k.operational as "operationalCostsCents", k.prize as "prizeCostCents",
            t."netCents" - t."rentCents" - k.operational - k.maintenance - k.prize as "ebitdaCents"`
              : sql``
          }
        from totals t
        ${
          company
            ? sql`left join (select period, sum("maintenanceCents") maintenance, sum("operationalCostsCents") operational,
            sum("prizeCostCents") prize from shown group by 1) k on k.period = t.period`
            : sql``
        }) t) as periods`;
}

/**
 * The finance report's one statement: the rent, the location pieces and the companies' periods, then
 * the lines of the subject (`shown`), the periods' totals and the answer. See `financeLines`.
 */
export function financeStatement(input: LinesInput): SQL {
  const lines = linesContext(input);
  const { subject } = lines;
  const parts =
    subject === 'device'
      ? deviceReportParts(lines)
      : subject === 'company'
        ? shown(companyLines(lines))
        : subjectReportParts({ ...lines, subject });
  return sql`
    with ${rentInput(lines.rents)}, ${rentOnly(lines)}, ${takingsBefore(lines)},
    ${locationPieces(lines)},
    ${COMPANY_PERIODS},
    ${parts},
    ${periodTotals(lines)}
    ${answer(lines)}`;
}

type Json = Record<string, unknown>;

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
 * - net is gross less the VAT of each payment, summed in the rollups.
 * So the lines of a period add up to its totals, and the totals are the same by device, location,
 * lessor or company; the days of a month add up to the month's rent. One device's report reads the
 * other devices of the places it stood at, as its share of rent depends on theirs.
 *
 * Device lines are as many as devices × periods (31,000 for a month by day of a thousand devices):
 * device, location and lessor lines are counted per period (device lines from an index) and worked
 * out only for the periods the page shows (decision 0022). One statement.
 */
export async function financeLines(db: Db, input: LinesInput): Promise<{ count: number; page: Json[]; periods: Json[] }> {
  // A year of a thousand devices sums tens of thousands of rollup rows: enough memory to hash and sort
  // them without spilling to disk (the default 4 MB does), for this statement only.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '32MB'`);
    return tx.execute(financeStatement(input));
  });
  const [row] = (result as unknown as { rows: { count: unknown; page: unknown; periods: unknown }[] }).rows;
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Json[];
  return { count: Number(row?.count ?? 0), page: parse(row?.page), periods: parse(row?.periods) };
}
