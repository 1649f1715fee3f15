import {
  businessDate,
  iri,
  type MonthClose,
  type MonthCloseInput,
  type MonthCloses,
  type MonthClosesQuery,
  type MonthReopenInput,
  type MonthStatus,
  monthStart,
  type ProblemCode,
  parseReference,
} from '@kovanica/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { badQuery } from '../../core/collection.ts';
import type { RequestContext } from '../../core/context.ts';
import { DomainError, notFound } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { monthCloses } from '../../db/schema/index.ts';
import { type AuditActor, recordChange } from '../audit-log/audit-log.service.ts';
import { nextMonth } from './landing.ts';

// Where a closed month's late events are counted: ingestion's (telemetry) and the demo's entry to it.
export { landingOf, nextMonth, zagrebMidnight } from './landing.ts';

// A company's months closed for good (docs/rules.md "Month close"). Closing freezes what the month's
// reports read: its rollups (ingestion counts what comes later for it in the first open month after
// it, `landing.ts`) and its locations' rental terms (kept with the close, read by `locationRents`).

/** How many months the list shows at most, back from the current one. */
export const MONTHS_SHOWN = 24;

/** The company the request is about: the one named (and visible), else the caller's own; 400 in the All Companies view without one. */
function companyOf(ctx: RequestContext, company: string | undefined): number {
  if (company === undefined) {
    if (ctx.view === 'all') throw badQuery('company');
    return ctx.actor.companyId;
  }
  const id = parseReference('companies', company);
  if (id === null) throw badQuery('company', 'iri');
  if (ctx.visible !== null && !ctx.visible.includes(id)) throw notFound();
  return id;
}

const yyyyMm = (day: string) => day.slice(0, 7);
const n = (v: unknown) => Number(v ?? 0);
const time = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Each month of the company from its first recorded activity (or this month) to this one, newest
 * first: its state, what still waits in it, the last close or reopening, and
 * the money that crossed its edge after a close.
 */
export async function monthList(db: Db | Tx, companyId: number, now = new Date()): Promise<MonthClose[]> {
  const current = monthStart(businessDate(now));
  const [firstRow] = rowsOf(
    await db.execute(sql`
      select to_char(least(
        (select min(month) from location_monthly where company_id = ${companyId}),
        (select date_trunc('month', min(issued_at) at time zone 'Europe/Zagreb')::date from bills where company_id = ${companyId}),
        (select date_trunc('month', min(at) at time zone 'Europe/Zagreb')::date from deposits where company_id = ${companyId}),
        ${current}::date), 'YYYY-MM-DD') as first`),
  );
  // Every month from the first with activity: whether a month may be closed depends on all before it.
  const first = String(firstRow?.first ?? current);
  const months: string[] = [];
  for (let m = first; m <= current; m = nextMonth(m)) months.push(m);
  const [waiting, closes, adjustments] = await Promise.all([
    db.execute(sql`
      select m.month,
        (select count(*) from deposits d where d.company_id = ${companyId} and d.verified_at is null
          and d.at >= m.a and d.at < m.b) as deposits,
        (select count(*) from bills b where b.company_id = ${companyId} and b.jir is null
          and b.issued_at >= m.a and b.issued_at < m.b) as bills,
        (select count(*) from telemetry_holds h where h.company_id = ${companyId} and h.status = 'held'
          and h.received_at >= m.a and h.received_at < m.b) as holds
      from (select to_char(d, 'YYYY-MM-DD') as month, (d::timestamp at time zone 'Europe/Zagreb') as a,
          ((d + interval '1 month')::timestamp at time zone 'Europe/Zagreb') as b
        from generate_series(${first}::date, ${current}::date, interval '1 month') as d) m`),
    db.execute(sql`
      select distinct on (c.month) c.id, to_char(c.month, 'YYYY-MM-DD') as month, c.closed_at, c.reopened_at, c.reopen_reason,
        (select u.name || ' ' || u.surname from users u where u.id = c.closed_by_id) as closed_by,
        (select u.name || ' ' || u.surname from users u where u.id = c.reopened_by_id) as reopened_by
      from month_closes c where c.company_id = ${companyId} and c.month >= ${first}::date
      order by c.month, c.closed_at desc, c.id desc`),
    db.execute(sql`
      select to_char(a.month, 'YYYY-MM-DD') as month, to_char(a.of_month, 'YYYY-MM-DD') as of_month, sum(a.events) as events,
        sum(a.coins_cents + a.notes_cents + a.cashless_cents + a.card_cents + a.tokens_cents) as gross, sum(a.vat_cents) as vat
      from rollup_adjustments a where a.company_id = ${companyId} and (a.month >= ${first}::date or a.of_month >= ${first}::date)
      group by a.month, a.of_month order by a.of_month, a.month`),
  ]);
  const waitingOf = new Map(rowsOf(waiting).map((r) => [String(r.month), r]));
  const closeOf = new Map(rowsOf(closes).map((r) => [String(r.month), r]));
  const adjustmentRows = rowsOf(adjustments).map((r) => ({
    month: String(r.month),
    ofMonth: String(r.of_month),
    events: n(r.events),
    grossCents: n(r.gross),
    vatCents: n(r.vat),
  }));
  const company = iri('companies', companyId);
  let earlierOpen = false;
  const list = months.map((month): MonthClose => {
    const w = waitingOf.get(month);
    const c = closeOf.get(month);
    const closed = c !== undefined && c.reopened_at === null;
    const status: MonthStatus = month === current ? 'current' : closed ? 'closed' : 'open';
    const unverifiedDeposits = n(w?.deposits);
    const unfiscalizedBills = n(w?.bills);
    const heldBatches = n(w?.holds);
    const closable = status === 'open' && !earlierOpen && unverifiedDeposits + unfiscalizedBills + heldBatches === 0;
    if (status === 'open') earlierOpen = true;
    return {
      '@id': closed ? iri('month-closes', Number(c.id)) : null,
      '@type': 'MonthClose',
      company,
      month: yyyyMm(month),
      status,
      unverifiedDeposits,
      unfiscalizedBills,
      heldBatches,
      closable,
      closedAt: closed ? time(c.closed_at) : null,
      closedByName: closed ? ((c.closed_by as string | null) ?? null) : null,
      reopenedAt: c ? time(c.reopened_at) : null,
      reopenedByName: c ? ((c.reopened_by as string | null) ?? null) : null,
      reopenReason: c ? ((c.reopen_reason as string | null) ?? null) : null,
      adjustments: adjustmentRows
        .filter((a) => a.month === month)
        .map((a) => ({ month: yyyyMm(a.ofMonth), events: a.events, grossCents: a.grossCents, vatCents: a.vatCents })),
      counted: adjustmentRows
        .filter((a) => a.ofMonth === month)
        .map((a) => ({ month: yyyyMm(a.month), events: a.events, grossCents: a.grossCents, vatCents: a.vatCents })),
    };
  });
  return list.reverse();
}

/** The newest `MONTHS_SHOWN` months of `monthList`. */
const shown = (list: MonthClose[]) => list.slice(0, MONTHS_SHOWN);

export async function listMonths(db: Db, ctx: RequestContext, query: MonthClosesQuery, now = new Date()): Promise<MonthCloses> {
  const companyId = companyOf(ctx, query.company);
  return {
    '@id': `/api/v2/month-closes?company=${iri('companies', companyId)}`,
    '@type': 'MonthCloses',
    company: iri('companies', companyId),
    member: shown(await monthList(db, companyId, now)),
  };
}

/** Why a month was not closed or reopened, as the problem code its route answers with (messages.ts). */
export type MonthRefusal = Extract<
  ProblemCode,
  'month_not_past' | 'month_closed' | 'month_order' | 'month_waiting' | 'month_not_closed' | 'month_later_closed'
>;

/** One company's closes and reopenings, one at a time: its row locked for the transaction. */
const lockCompany = (tx: Tx, companyId: number) => tx.execute(sql`select 1 from companies where id = ${companyId} for update`);

/**
 * Closes a month of a company: refused when it has not ended, is closed already, a month before it is
 * open, or something in it waits. Keeps the rental terms of every location of the company as they
 * stand, and records the close in the audit trail, in one transaction.
 */
export async function closeMonth(
  db: Db,
  ctx: RequestContext,
  input: MonthCloseInput,
  now = new Date(),
): Promise<MonthClose | MonthRefusal> {
  return closeMonthOf(db, companyOf(ctx, input.company), input.month, ctx, now);
}

/** `closeMonth` of a company by id, `by` whom (a request's caller, or the demo's accountant). */
export async function closeMonthOf(
  db: Db,
  companyId: number,
  yearMonth: string,
  by: AuditActor & { actor: { userId: number } },
  now = new Date(),
): Promise<MonthClose | MonthRefusal> {
  const input = { month: yearMonth };
  const month = `${yearMonth}-01`;
  return db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const list = await monthList(tx, companyId, now);
    const entry = list.find((m) => m.month === input.month);
    if (month >= monthStart(businessDate(now))) return 'month_not_past';
    if (!entry) return 'month_order';
    if (entry.status === 'closed') return 'month_closed';
    if (entry.unverifiedDeposits + entry.unfiscalizedBills + entry.heldBatches > 0) return 'month_waiting';
    if (!entry.closable) return 'month_order';
    const [row] = await tx.insert(monthCloses).values({ companyId, month, closedAt: now, closedById: by.actor.userId }).returning();
    if (!row) throw new Error('month close not inserted');
    await tx.execute(sql`
      insert into month_close_terms (close_id, location_id, lessor_id, rental_type, amount_cents, percentage_bp, income_limit_cents,
        contract_start, contract_end)
      select ${row.id}::int, l.id, l.lessor_id, coalesce(l.rental_type, s.rental_type),
        coalesce(l.contract_rental_amount_cents, s.contract_rental_amount_cents), coalesce(l.rental_percentage_bp, s.rental_percentage_bp),
        coalesce(l.income_limit_cents, s.income_limit_cents), s.contract_start, s.contract_end
      from locations l left join lessors s on s.id = l.lessor_id
      where l.company_id = ${companyId}`);
    await recordChange(tx, by, { resource: 'month-closes', recordId: row.id, companyId, action: 'close', after: row, at: now });
    const after = await monthList(tx, companyId, now);
    return after.find((m) => m.month === input.month) as MonthClose;
  });
}

/**
 * Reopens a closed month: only the last closed month of its company (a later closed month must be
 * reopened first), with a reason, kept on the close and in the audit trail. What came for it while it
 * was closed stays where it was counted.
 */
export async function reopenMonth(
  db: Db,
  ctx: RequestContext,
  id: number,
  input: MonthReopenInput,
  now = new Date(),
): Promise<MonthClose | MonthRefusal | null> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ companyId: monthCloses.companyId }).from(monthCloses).where(eq(monthCloses.id, id));
    if (!found || (ctx.visible !== null && !ctx.visible.includes(found.companyId))) return null;
    await lockCompany(tx, found.companyId);
    const [close] = await tx.select().from(monthCloses).where(eq(monthCloses.id, id));
    if (!close) return null;
    if (close.reopenedAt !== null) return 'month_not_closed';
    const [later] = await tx
      .select({ id: monthCloses.id })
      .from(monthCloses)
      .where(and(eq(monthCloses.companyId, close.companyId), isNull(monthCloses.reopenedAt), sql`${monthCloses.month} > ${close.month}`))
      .limit(1);
    if (later) return 'month_later_closed';
    const [after] = await tx
      .update(monthCloses)
      .set({ reopenedAt: now, reopenedById: ctx.actor.userId, reopenReason: input.reason })
      .where(eq(monthCloses.id, id))
      .returning();
    await recordChange(tx, ctx, {
      resource: 'month-closes',
      recordId: id,
      companyId: close.companyId,
      action: 'reopen',
      before: close,
      after,
      at: now,
    });
    const list = await monthList(tx, close.companyId, now);
    return list.find((m) => m.month === yyyyMm(close.month)) ?? null;
  });
}

/** A refusal as the problem it is answered with. */
export const refusal = (code: MonthRefusal) => new DomainError(409, code);
