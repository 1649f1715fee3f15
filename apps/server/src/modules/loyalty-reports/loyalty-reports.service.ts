import {
  addDays,
  DEFAULT_ITEMS_PER_PAGE,
  iri,
  LOYALTY_DAILY_MAX_DAYS,
  LOYALTY_REPORT_MAX_DAYS,
  type LoyaltyCardReport,
  type LoyaltyCardReportQuery,
  type LoyaltyGeneralPeriod,
  type LoyaltyGeneralQuery,
  type LoyaltyGeneralReport,
  type LoyaltyHolderReport,
  type LoyaltyHolderReportQuery,
  type LoyaltyOwnerQuery,
  type LoyaltyOwnerReport,
  type LoyaltyOwnerRow,
  type LoyaltyReportPeriod,
  monthEnd,
  weekStart,
} from '@kovanica/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { reportRange } from '../../core/report-range.ts';
import type { Db } from '../../db/client.ts';
import { pgArray } from '../../db/units.ts';

/**
 * The loyalty reports (docs/rules.md "Loyalty reports"), read from the card ledger.
 *
 * A card's balance at a moment is the sum of its ledger rows before it (by `at`, the time the top-up,
 * spend or correction happened). Not the last row's `paid_after_cents`: those follow the order rows
 * were written, and a spend a device sends late (offline) is written after later top-ups, so the last
 * row by `at` would not hold the balance. Summing the deltas is exact whatever the order.
 *
 * The sum of all of a card's rows is its current balance (decision 0023: the card and its row change in
 * one statement), so the balance at a moment is read backwards: the card's balance now less its rows
 * since. A report reads only the rows from its range's start on (by `card_transactions_card_idx`
 * `(card_id, at)` or `card_transactions_company_at_idx`), never the history before it.
 */

interface Scope {
  from: string;
  to: string;
  /** Zagreb midnight starting `from`, and the one after `to`. */
  fromTs: string;
  endTs: string;
  /** The view's companies narrowed to the one asked for; null: every company. */
  companies: readonly number[] | null;
  owner: number | undefined;
}

type ScopeQuery = { from: string; to: string; company?: string | undefined; owner?: string | undefined };

function scopeOf(ctx: RequestContext, query: ScopeQuery, maxDays: number): Scope {
  const { from, to, companies, refs } = reportRange(ctx, query, maxDays, { owner: 'loyalty-owners' });
  return { from, to, fromTs: from, endTs: addDays(to, 1), companies, owner: refs.owner };
}

/**
 * Checks the query of the report per owner, card or card holder without reading anything (422 on a bad
 * range, 400 on a malformed IRI): the range and the view's companies and owner as ids. The reports
 * themselves and their exports' request-time check call it.
 */
export function loyaltyReportScope(ctx: RequestContext, query: ScopeQuery): Scope {
  return scopeOf(ctx, query, LOYALTY_REPORT_MAX_DAYS);
}

/** Checks the general report's query as {@link loyaltyReportScope} does; its range is shorter by day or week. */
export function loyaltyGeneralScope(ctx: RequestContext, query: LoyaltyGeneralQuery): Scope & { period: LoyaltyReportPeriod } {
  const period = query.period ?? 'month';
  return { ...scopeOf(ctx, query, period === 'month' ? LOYALTY_REPORT_MAX_DAYS : LOYALTY_DAILY_MAX_DAYS), period };
}

/** Zagreb midnight starting a day, as timestamptz. */
const midnight = (day: string) => sql`(${day}::timestamp at time zone 'Europe/Zagreb')`;

/** The cards (`c`) the scope covers. */
function cardFilter(scope: Scope, alias = 'c'): SQL {
  const parts: SQL[] = [];
  if (scope.companies !== null) parts.push(sql`${sql.raw(alias)}.company_id = any(${pgArray(scope.companies)}::int[])`);
  if (scope.owner !== undefined) parts.push(sql`${sql.raw(alias)}.owner_id = ${scope.owner}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * The flows of ledger rows `t` within the range (`inRange`), named as the contract names them; spends
 * as positive amounts.
 */
function flowsOf(inRange: SQL): SQL {
  const f = (kind: string, expr: string, name: string) =>
    sql`coalesce(${sql.raw(expr)} filter (where t.kind = ${kind} and ${inRange}), 0)::bigint as ${sql.raw(`"${name}"`)}`;
  return sql.join(
    [
      f('top_up', 'count(*)', 'topUps'),
      f('top_up', 'sum(t.paid_cents)', 'topUpPaidCents'),
      f('top_up', 'sum(t.bonus_cents)', 'bonusCents'),
      f('spend', 'count(*)', 'spends'),
      f('spend', '-sum(t.paid_cents)', 'spendPaidCents'),
      f('spend', '-sum(t.bonus_cents)', 'spendBonusCents'),
      f('adjustment', 'sum(t.paid_cents)', 'adjustmentPaidCents'),
      f('adjustment', 'sum(t.bonus_cents)', 'adjustmentBonusCents'),
    ],
    sql`, `,
  );
}

const FLOW_FIELDS = [
  'topUps',
  'topUpPaidCents',
  'bonusCents',
  'spends',
  'spendPaidCents',
  'spendBonusCents',
  'adjustmentPaidCents',
  'adjustmentBonusCents',
] as const;
type FlowField = (typeof FLOW_FIELDS)[number];
type Json = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);
const flowValues = (row: Json) => Object.fromEntries(FLOW_FIELDS.map((f) => [f, n(row[f])])) as Record<FlowField, number>;
const sumOf = <K extends string>(rows: readonly Record<K, number>[], fields: readonly K[]) =>
  Object.fromEntries(fields.map((f) => [f, rows.reduce((s, r) => s + r[f], 0)])) as Record<K, number>;
const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Json[];
const rowsOf = (result: unknown) => (result as { rows: Json[] }).rows;

// ---------------------------------------------------------------------------------------------------
// The general report

interface Period {
  start: string;
  end: string;
}

/** The periods cutting a range: days, ISO weeks or calendar months, the first and last clamped to it. */
export function loyaltyPeriods(from: string, to: string, period: LoyaltyReportPeriod): Period[] {
  const first = period === 'day' ? from : period === 'week' ? weekStart(from) : `${from.slice(0, 8)}01`;
  const endOf = (start: string) => (period === 'day' ? start : period === 'week' ? addDays(start, 6) : monthEnd(start));
  const periods: Period[] = [];
  for (let start = first; start <= to; start = addDays(endOf(start), 1)) {
    const end = endOf(start);
    periods.push({ start: start < from ? from : start, end: end > to ? to : end });
  }
  return periods;
}

/** The SQL naming the period (its first day, clamped to the range) of a Zagreb day. */
function periodOf(period: LoyaltyReportPeriod, from: string, day: SQL): SQL {
  if (period === 'day') return day;
  return sql`greatest(date_trunc(${period}, ${day}::timestamp)::date, ${from}::date)`;
}

/**
 * The general report: per period the cards issued and active, the flows and the outstanding balance
 * at its end (the balance before the range plus every period's deltas so far, a running sum).
 * One statement: the ledger rows of the scope's cards up to the range's end, once.
 */
export async function loyaltyGeneralReport(db: Db, ctx: RequestContext, query: LoyaltyGeneralQuery): Promise<LoyaltyGeneralReport> {
  const scope = loyaltyGeneralScope(ctx, query);
  const period = scope.period;
  const periods = loyaltyPeriods(scope.from, scope.to, period);
  const fromTs = midnight(scope.fromTs);
  const endTs = midnight(scope.endTs);
  const zagrebDay = (column: string) => sql`(${sql.raw(column)} at time zone 'Europe/Zagreb')::date`;
  const result =
    scope.companies?.length === 0
      ? { rows: [] }
      : await db.execute(sql`
    with cards as (select c.id, c.created_at, c.paid_cents, c.bonus_cents from loyalty_cards c where ${cardFilter(scope)}),
    -- Every row since the range's start (also after its end: the balance is read back from now).
    since as (
      select t.card_id, t.kind, t.paid_cents, t.bonus_cents, t.at from card_transactions t
      where ${scope.companies === null ? sql`true` : sql`t.company_id = any(${pgArray(scope.companies)}::int[])`}
        and t.at >= ${fromTs} and t.card_id in (select id from cards)),
    tx as (select * from since t where t.at < ${endTs}),
    -- The balance at the range's start: the cards' balance now less every row since.
    opening as (
      select (select coalesce(sum(paid_cents), 0) from cards) - (select coalesce(sum(paid_cents), 0) from since) as paid,
        (select coalesce(sum(bonus_cents), 0) from cards) - (select coalesce(sum(bonus_cents), 0) from since) as bonus),
    moves as (
      select ${periodOf(period, scope.from, zagrebDay('t.at'))} as period, count(distinct t.card_id) as active,
        ${flowsOf(sql`true`)}, sum(t.paid_cents)::bigint as dpaid, sum(t.bonus_cents)::bigint as dbonus
      from tx t group by 1),
    issued as (
      select ${periodOf(period, scope.from, zagrebDay('c.created_at'))} as period, count(*) as n
      from cards c where c.created_at >= ${fromTs} and c.created_at < ${endTs} group by 1),
    lines as (
      select to_char(per.ps, 'YYYY-MM-DD') as period, coalesce(i.n, 0)::bigint as "cardsIssued", coalesce(m.active, 0)::bigint as "cardsActive",
        ${sql.raw(FLOW_FIELDS.map((f) => `coalesce(m."${f}", 0)::bigint as "${f}"`).join(', '))},
        (select paid from opening) + sum(coalesce(m.dpaid, 0)) over w as "outstandingPaidCents",
        (select bonus from opening) + sum(coalesce(m.dbonus, 0)) over w as "outstandingBonusCents"
      from unnest(${pgArray(periods.map((p) => p.start))}::date[]) as per(ps)
      left join moves m on m.period = per.ps
      left join issued i on i.period = per.ps
      window w as (order by per.ps))
    select (select coalesce(json_agg(l order by l.period), '[]') from lines l) as periods,
      (select row_to_json(o) from opening o) as opening,
      (select count(distinct t.card_id) from tx t) as active`);
  const [row] = rowsOf(result);
  const lines = new Map(parse(row?.periods ?? '[]').map((l) => [String(l.period), l]));
  const opening = (typeof row?.opening === 'string' ? JSON.parse(row.opening) : (row?.opening ?? {})) as Json;
  const openingPaid = n(opening.paid);
  const openingBonus = n(opening.bonus);
  const series: LoyaltyGeneralPeriod[] = periods.map((p) => {
    const l = lines.get(p.start) ?? {};
    return {
      periodStart: p.start,
      periodEnd: p.end,
      cardsIssued: n(l.cardsIssued),
      cardsActive: n(l.cardsActive),
      ...flowValues(l),
      outstandingPaidCents: l.outstandingPaidCents === undefined ? openingPaid : n(l.outstandingPaidCents),
      outstandingBonusCents: l.outstandingBonusCents === undefined ? openingBonus : n(l.outstandingBonusCents),
    };
  });
  const last = series.at(-1);
  return {
    '@id': '/api/v2/loyalty-reports/general',
    '@type': 'LoyaltyGeneralReport',
    from: scope.from,
    to: scope.to,
    period,
    periods: series,
    totals: {
      cardsIssued: series.reduce((s, p) => s + p.cardsIssued, 0),
      cardsActive: n(row?.active),
      ...sumOf(series, FLOW_FIELDS),
      openingPaidCents: openingPaid,
      openingBonusCents: openingBonus,
      outstandingPaidCents: last?.outstandingPaidCents ?? openingPaid,
      outstandingBonusCents: last?.outstandingBonusCents ?? openingBonus,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Per owner, with the partner's settlement

/** The commission a partner keeps of its cards' spends on the operator's machines, rounded half up to the cent. */
export function settlementOf(operatorSpendPaidCents: number, commissionBp: number) {
  const commissionCents = Math.round((operatorSpendPaidCents * commissionBp) / 10_000);
  return {
    operatorSpendPaidCents,
    commissionPercentage: commissionBp / 100,
    commissionCents,
    owedCents: operatorSpendPaidCents - commissionCents,
  };
}

/**
 * Per loyalty owner: its cards (created by the end) and those active in the range, the flows, the
 * outstanding balance at the end; for a partner the settlement: its cards' spends (paid part) on
 * machines of the operator (devices of the owner's company) less the commission it keeps.
 */
export async function loyaltyOwnerReport(db: Db, ctx: RequestContext, query: LoyaltyOwnerQuery): Promise<LoyaltyOwnerReport> {
  const scope = loyaltyReportScope(ctx, query);
  const page = query.page ?? 1;
  const itemsPerPage = query.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE;
  const fromTs = midnight(scope.fromTs);
  const endTs = midnight(scope.endTs);
  const inRange = sql`t.at < ${endTs}`;
  const result =
    scope.companies?.length === 0
      ? { rows: [] }
      : await db.execute(sql`
    select o.id, o.name, o.is_operator as "isOperator", o.commission_bp as "commissionBp", o.company_id, co.name as "companyName",
      (select count(*) from loyalty_cards c where c.owner_id = o.id and c.created_at < ${endTs})::bigint as cards,
      coalesce(f."cardsActive", 0) as "cardsActive",
      ${sql.raw(FLOW_FIELDS.map((x) => `coalesce(f."${x}", 0) as "${x}"`).join(', '))},
      b.paid - coalesce(f.later_paid, 0) as "outstandingPaidCents", b.bonus - coalesce(f.later_bonus, 0) as "outstandingBonusCents",
      coalesce(f.operator_spend, 0) as "operatorSpendPaidCents"
    from loyalty_owners o
    join companies co on co.id = o.company_id
    -- The owner's cards' balance now; the rows since the range's start: its flows and, after its end, what is taken back.
    cross join lateral (
      select coalesce(sum(c.paid_cents), 0)::bigint as paid, coalesce(sum(c.bonus_cents), 0)::bigint as bonus
      from loyalty_cards c where c.owner_id = o.id) b
    left join lateral (
      select count(distinct t.card_id) filter (where ${inRange}) as "cardsActive", ${flowsOf(inRange)},
        sum(t.paid_cents) filter (where t.at >= ${endTs})::bigint as later_paid,
        sum(t.bonus_cents) filter (where t.at >= ${endTs})::bigint as later_bonus,
        (-sum(t.paid_cents) filter (where t.kind = 'spend' and ${inRange} and d.company_id = o.company_id))::bigint as operator_spend
      from loyalty_cards c
      join card_transactions t on t.card_id = c.id and t.at >= ${fromTs}
      left join devices d on d.id = t.device_id
      where c.owner_id = o.id) f on true
    where ${scope.owner === undefined ? sql`true` : sql`o.id = ${scope.owner}`}
      and ${scope.companies === null ? sql`true` : sql`o.company_id = any(${pgArray(scope.companies)}::int[])`}
    order by o.is_operator desc, o.name, o.id`);
  const all: LoyaltyOwnerRow[] = rowsOf(result).map((r) => ({
    owner: iri('loyalty-owners', n(r.id)),
    name: String(r.name),
    isOperator: Boolean(r.isOperator),
    company: iri('companies', n(r.company_id)),
    companyName: String(r.companyName),
    cards: n(r.cards),
    cardsActive: n(r.cardsActive),
    ...flowValues(r),
    outstandingPaidCents: n(r.outstandingPaidCents),
    outstandingBonusCents: n(r.outstandingBonusCents),
    settlement: r.isOperator ? null : settlementOf(n(r.operatorSpendPaidCents), n(r.commissionBp)),
  }));
  const start = (page - 1) * itemsPerPage;
  return {
    '@id': '/api/v2/loyalty-reports/owners',
    '@type': 'LoyaltyOwnerReport',
    from: scope.from,
    to: scope.to,
    rows: all.slice(start, start + itemsPerPage),
    totalItems: all.length,
    page,
    itemsPerPage,
    totals: {
      ...sumOf(all, ['cards', 'cardsActive', ...FLOW_FIELDS, 'outstandingPaidCents', 'outstandingBonusCents']),
      operatorSpendPaidCents: all.reduce((s, r) => s + (r.settlement?.operatorSpendPaidCents ?? 0), 0),
      owedCents: all.reduce((s, r) => s + (r.settlement?.owedCents ?? 0), 0),
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Per card and per card holder

const BALANCE_FIELDS = ['balancePaidCents', 'balanceBonusCents'] as const;

/**
 * Each card's flows in the range and balance at its end (`cl`), from its ledger rows since the range's
 * start: the cards created by then, and any with credit or rows by then (a spend sent late may predate
 * the card's creation).
 */
function cardLines(scope: Scope, extra: SQL = sql`true`): SQL {
  const fromTs = midnight(scope.fromTs);
  const endTs = midnight(scope.endTs);
  const inRange = sql`t.at < ${endTs}`;
  return sql`cl as (
      select c.id, c.company_id, c.owner_id, c.holder_id, c.number, c.uid, c.status, c.flagged,
        ${sql.raw(FLOW_FIELDS.map((f) => `a."${f}"`).join(', '))},
        c.paid_cents - coalesce(a.later_paid, 0) as "balancePaidCents", c.bonus_cents - coalesce(a.later_bonus, 0) as "balanceBonusCents"
      from loyalty_cards c
      cross join lateral (
        select ${flowsOf(inRange)}, count(*) filter (where ${inRange}) as moves,
          sum(t.paid_cents) filter (where t.at >= ${endTs})::bigint as later_paid,
          sum(t.bonus_cents) filter (where t.at >= ${endTs})::bigint as later_bonus
        from card_transactions t where t.card_id = c.id and t.at >= ${fromTs}) a
      where ${cardFilter(scope)} and ${extra}
        and (c.created_at < ${endTs} or a.moves > 0 or c.paid_cents <> coalesce(a.later_paid, 0) or c.bonus_cents <> coalesce(a.later_bonus, 0)))`;
}

const totalsSql = sql.raw([...FLOW_FIELDS, ...BALANCE_FIELDS].map((f) => `coalesce(sum("${f}"), 0)::bigint as "${f}"`).join(', '));
const listTotalsOf = (row: Json | undefined) => {
  const t = (typeof row?.totals === 'string' ? JSON.parse(row.totals) : (row?.totals ?? {})) as Json;
  return { ...flowValues(t), balancePaidCents: n(t.balancePaidCents), balanceBonusCents: n(t.balanceBonusCents) };
};

const ORDER_EXPR = {
  spends: '"spendPaidCents" + "spendBonusCents"',
  topUps: '"topUpPaidCents"',
  balance: '"balancePaidCents" + "balanceBonusCents"',
} as const;

/** Per card, a page at a time, ordered by spends (default, largest first), top-ups or balance. */
export async function loyaltyCardReport(db: Db, ctx: RequestContext, query: LoyaltyCardReportQuery): Promise<LoyaltyCardReport> {
  const scope = loyaltyReportScope(ctx, query);
  const page = query.page ?? 1;
  const itemsPerPage = query.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE;
  const orders = (['spends', 'topUps', 'balance'] as const).flatMap((f) => {
    const dir = query[`order[${f}]`];
    return dir ? [`${ORDER_EXPR[f]} ${dir}`] : [];
  });
  const order = sql.raw([...(orders.length ? orders : [`${ORDER_EXPR.spends} desc`]), 'number', 'id'].join(', '));
  const extra: SQL[] = [];
  if (query.status) extra.push(sql`c.status = ${query.status}`);
  if (query.flagged) extra.push(sql`c.flagged = ${query.flagged === 'true'}`);
  const result =
    scope.companies?.length === 0
      ? { rows: [] }
      : await db.execute(sql`
    with ${cardLines(scope, extra.length ? sql.join(extra, sql` and `) : sql`true`)}
    select (select count(*) from cl) as count,
      (select row_to_json(s) from (select ${totalsSql} from cl) s) as totals,
      (select coalesce(json_agg(p), '[]') from (
        select cl.id, cl.number, cl.uid, cl.status, cl.flagged, cl.owner_id, o.name as "ownerName", cl.holder_id,
          nullif(trim(coalesce(h.name, '') || ' ' || coalesce(h.surname, '')), '') as "holderName",
          cl.company_id, co.name as "companyName",
          ${sql.raw([...FLOW_FIELDS, ...BALANCE_FIELDS].map((f) => `cl."${f}"`).join(', '))},
          (select max(t.at) from card_transactions t where t.card_id = cl.id and t.kind = 'spend' and t.at < ${midnight(scope.endTs)}) as "lastUsedAt"
        from (select * from cl order by ${order} limit ${itemsPerPage} offset ${(page - 1) * itemsPerPage}) cl
        join loyalty_owners o on o.id = cl.owner_id
        join companies co on co.id = cl.company_id
        left join card_holders h on h.id = cl.holder_id
        order by ${order}) p) as page`);
  const [row] = rowsOf(result);
  return {
    '@id': '/api/v2/loyalty-reports/cards',
    '@type': 'LoyaltyCardReport',
    from: scope.from,
    to: scope.to,
    rows: parse(row?.page ?? '[]').map((r) => ({
      card: iri('loyalty-cards', n(r.id)),
      number: String(r.number),
      uid: String(r.uid),
      status: r.status as LoyaltyCardReport['rows'][number]['status'],
      flagged: Boolean(r.flagged),
      owner: iri('loyalty-owners', n(r.owner_id)),
      ownerName: String(r.ownerName),
      holder: r.holder_id === null ? null : iri('card-holders', n(r.holder_id)),
      holderName: (r.holderName as string | null) ?? null,
      company: iri('companies', n(r.company_id)),
      companyName: String(r.companyName),
      ...flowValues(r),
      balancePaidCents: n(r.balancePaidCents),
      balanceBonusCents: n(r.balanceBonusCents),
      lastUsedAt: r.lastUsedAt ? new Date(String(r.lastUsedAt)).toISOString() : null,
    })),
    totalItems: n(row?.count),
    page,
    itemsPerPage,
    totals: listTotalsOf(row),
  };
}

/** Per card holder (by surname and name), a page at a time: their cards, flows and balance at the end. */
export async function loyaltyHolderReport(db: Db, ctx: RequestContext, query: LoyaltyHolderReportQuery): Promise<LoyaltyHolderReport> {
  const scope = loyaltyReportScope(ctx, query);
  const page = query.page ?? 1;
  const itemsPerPage = query.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE;
  const result =
    scope.companies?.length === 0
      ? { rows: [] }
      : await db.execute(sql`
    with ${cardLines(scope, sql`c.holder_id is not null`)},
    hl as (
      select h.id, h.name, h.surname, h.company_id, h.owner_id, count(*)::bigint as cards, ${totalsSql}
      from cl join card_holders h on h.id = cl.holder_id group by h.id)
    select (select count(*) from hl) as count,
      (select row_to_json(s) from (select ${totalsSql} from hl) s) as totals,
      (select coalesce(json_agg(p), '[]') from (
        select hl.*, o.name as "ownerName", co.name as "companyName"
        from (select * from hl order by surname, name, id limit ${itemsPerPage} offset ${(page - 1) * itemsPerPage}) hl
        join loyalty_owners o on o.id = hl.owner_id
        join companies co on co.id = hl.company_id
        order by hl.surname, hl.name, hl.id) p) as page`);
  const [row] = rowsOf(result);
  return {
    '@id': '/api/v2/loyalty-reports/holders',
    '@type': 'LoyaltyHolderReport',
    from: scope.from,
    to: scope.to,
    rows: parse(row?.page ?? '[]').map((r) => ({
      holder: iri('card-holders', n(r.id)),
      name: `${String(r.name)} ${String(r.surname)}`.trim(),
      ownerName: String(r.ownerName),
      company: iri('companies', n(r.company_id)),
      companyName: String(r.companyName),
      cards: n(r.cards),
      ...flowValues(r),
      balancePaidCents: n(r.balancePaidCents),
      balanceBonusCents: n(r.balanceBonusCents),
    })),
    totalItems: n(row?.count),
    page,
    itemsPerPage,
    totals: listTotalsOf(row),
  };
}
