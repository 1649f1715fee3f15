import {
  MACHINE_VAT_PERCENT,
  monthEnd,
  netOfVat,
  type VatBook,
  type VatBookKind,
  type VatBookLine,
  type VatBookQuery,
  type VatBookRate,
  type VatReconciliationKey,
  type VatReconciliationLine,
  vatBookKinds,
} from '@kovanica/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { Db } from '../../db/client.ts';
import { pgArray } from '../../db/units.ts';
import { financeReport, financeScope } from '../reports/reports.service.ts';

/**
 * The VAT book (docs/rules.md, "VAT book"): the bills of one Zagreb calendar month by VAT rate and
 * kind, the VAT return's totals, and the reconciliation with the finance report of the same month.
 */

/** The month's first and last day (`2026-11` → `2026-11-01`, `2026-11-30`). */
export const monthDays = (month: string) => ({ from: `${month}-01`, to: monthEnd(`${month}-01`) });

/**
 * Checks a VAT book's query (400 on a malformed company, as the finance report refuses it) and
 * answers the companies it covers: the view's, or the one asked for (none when outside the view).
 * Reads nothing: the exports call it when a file is asked for.
 */
export function vatBookScope(ctx: RequestContext, query: Pick<VatBookQuery, 'month' | 'company'>) {
  const { from, to } = monthDays(query.month);
  const { companies } = financeScope(ctx, { subject: 'location', from, to, period: 'range', company: query.company });
  return { month: query.month, from, to, companies, company: query.company };
}

const n = (v: unknown) => Number(v ?? 0);
/** The VAT in a gross amount at the machines' rate, as its bill states it (the rollups' `vatIn`). */
const vatIn = (grossCents: number) => grossCents - netOfVat(grossCents, MACHINE_VAT_PERCENT);
type Rows<T> = { rows: T[] };

/** The book's order: in the VAT system by rate, highest first, then outside it; kinds in `vatBookKinds` order. */
const rateOrder = (r: { inVatSystem: boolean; vatRate: number | null }) => (r.inVatSystem ? -(r.vatRate ?? 0) : 1);

export async function vatBook(db: Db, ctx: RequestContext, query: VatBookQuery): Promise<VatBook> {
  const scope = vatBookScope(ctx, query);
  const month = bookMonth(scope);

  const lines = await bookLines(db, month);
  const rates = ratesOf(lines);
  const totals = { bills: 0, baseCents: 0, vatCents: 0, totalCents: 0 };
  for (const r of rates) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += r[key];
  const byKind = (kind: VatBookKind) => {
    const of = lines.filter((l) => l.kind === kind);
    return {
      count: of.reduce((s, l) => s + l.bills, 0),
      total: of.reduce((s, l) => s + l.totalCents, 0),
      vat: of.reduce((s, l) => s + l.vatCents, 0),
    };
  };

  const { unbilled, later } = await machinePayments(db, month);
  const [earlier, tests] = await earlierBillsAndTests(db, month);

  const closed = await closedMonthSums(db, month);

  // The finance report of the same month and companies, as its screen asks for it (one line is enough: its totals).
  const finance = (
    await financeReport(db, ctx, {
      subject: 'location',
      from: scope.from,
      to: scope.to,
      period: 'range',
      ...(query.company === undefined ? {} : { company: query.company }),
      itemsPerPage: 1,
    })
  ).totals;

  const line = (key: VatReconciliationKey, grossCents: number, vatCents: number, count: number | null, asideCents: number | null = null) =>
    ({ line: key, grossCents, vatCents, count, asideCents }) satisfies VatReconciliationLine;
  const topUps = byKind('top_up');
  const manual = byKind('manual');
  const storno = byKind('storno');
  const recLines: VatReconciliationLine[] = [
    // Billed, but not the machines' revenue: the credit and tokens sold (their VAT is charged here,
    // at sale) and other sales by hand.
    line('topUps', -topUps.total, -topUps.vat, topUps.count),
    line('manual', -manual.total, -manual.vat, manual.count),
    // A storno takes its bill's amount off the book; the machines' revenue never counted it off.
    line('storno', -storno.total, -storno.vat, storno.count),
    line('earlierPayments', -n(earlier.total), -n(earlier.vat), n(earlier.n)),
    line('laterBills', later.total, later.vat, later.count),
    line('unbilled', unbilled.total, unbilled.vat, unbilled.count),
    line('closedMonthIn', n(closed.in_gross), n(closed.in_vat), null),
    line('closedMonthOut', -n(closed.out_gross), -n(closed.out_vat), null),
    // Revenue without a machine bill: their VAT was charged when the credit or tokens were sold.
    line('cardPlays', finance.cardCents, 0, null),
    line('tokenPlays', finance.tokensCents, 0, null),
    line('bonusPlays', 0, 0, null, finance.cardBonusCents),
    line('testPlays', 0, 0, n(tests.n), n(tests.total)),
  ];
  const reachedGross = totals.totalCents + recLines.reduce((s, l) => s + l.grossCents, 0);
  const reachedVat = totals.vatCents + recLines.reduce((s, l) => s + l.vatCents, 0);
  return {
    '@id': '/api/v2/vat-book',
    '@type': 'VatBook',
    month: scope.month,
    from: scope.from,
    to: scope.to,
    lines,
    rates,
    totals,
    reconciliation: {
      billsTotalCents: totals.totalCents,
      billsVatCents: totals.vatCents,
      lines: recLines,
      financeGrossCents: finance.grossCents,
      financeVatCents: finance.vatCents,
      financeSaleVatCents: finance.saleVatCents,
      unexplainedGrossCents: finance.grossCents - reachedGross,
      unexplainedVatCents: finance.vatCents - reachedVat,
    },
  };
}

/** The book's month and companies as its reads filter them. */
interface BookMonth {
  /** No company in scope: nothing to read. */
  none: boolean;
  /** The first day of the month. */
  from: string;
  /** `column` is one of the scope's companies. */
  inScope: (column: string) => SQL;
  /** The month in Zagreb: from its first midnight to the next month's. */
  start: SQL;
  end: SQL;
}

function bookMonth(scope: { companies: readonly number[] | null; from: string; to: string }): BookMonth {
  return {
    none: scope.companies?.length === 0,
    from: scope.from,
    inScope: (column: string): SQL =>
      scope.companies === null ? sql`true` : sql`${sql.raw(column)} = any(${pgArray(scope.companies)}::int[])`,
    start: sql`(${scope.from}::date)::timestamp at time zone 'Europe/Zagreb'`,
    end: sql`((${scope.to}::date) + 1)::timestamp at time zone 'Europe/Zagreb'`,
  };
}

/**
 * Every bill issued in the month, by its rate and kind: a top-up's bill is a bill written at the
 * point of sale (kind `manual`) that a top-up names.
 */
async function bookLines(db: Db, month: BookMonth): Promise<VatBookLine[]> {
  const billRows = month.none
    ? []
    : (
        (await db.execute(sql`
          select b.in_vat_system, b.vat_rate::float8 as vat_rate,
            case when b.kind = 'manual' and t.id is not null then 'top_up' else b.kind end as kind,
            count(*) as bills, coalesce(sum(b.vat_base_cents), 0) as base, coalesce(sum(b.vat_cents), 0) as vat, sum(b.total_cents) as total
          from bills b
          left join top_ups t on t.bill_id = b.id
          where ${month.inScope('b.company_id')} and b.issued_at >= ${month.start} and b.issued_at < ${month.end}
          group by 1, 2, 3`)) as unknown as Rows<Record<string, unknown>>
      ).rows;
  return billRows
    .map((r) => ({
      inVatSystem: Boolean(r.in_vat_system),
      vatRate: r.in_vat_system && r.vat_rate !== null ? Number(r.vat_rate) : null,
      kind: r.kind as VatBookKind,
      bills: n(r.bills),
      baseCents: n(r.base),
      vatCents: n(r.vat),
      totalCents: n(r.total),
    }))
    .sort((a, b) => rateOrder(a) - rateOrder(b) || vatBookKinds.indexOf(a.kind) - vatBookKinds.indexOf(b.kind));
}

/** The book's lines summed per rate (in the VAT system by rate, then outside it), in the lines' order. */
function ratesOf(lines: VatBookLine[]): VatBookRate[] {
  const rates: VatBookRate[] = [];
  for (const line of lines) {
    let rate = rates.find((r) => r.inVatSystem === line.inVatSystem && r.vatRate === line.vatRate);
    if (!rate) {
      rate = { inVatSystem: line.inVatSystem, vatRate: line.vatRate, bills: 0, baseCents: 0, vatCents: 0, totalCents: 0 };
      rates.push(rate);
    }
    rate.bills += line.bills;
    rate.baseCents += line.baseCents;
    rate.vatCents += line.vatCents;
    rate.totalCents += line.totalCents;
  }
  return rates;
}

/**
 * The machine payments of the month (coins, notes, cashless; not test plays), by whether they have
 * a bill and of which month: the finance report counts a payment on its own day, the book its bill
 * on the bill's. Grouped by amount, so each amount's VAT is worked out as its bill (or the rollup) has it.
 * Answers the payments without a bill, and those billed in a later month, with their VAT.
 */
async function machinePayments(db: Db, month: BookMonth) {
  const payments = month.none
    ? []
    : (
        (await db.execute(sql`
          select case when b.id is null then 'unbilled' when b.issued_at >= ${month.end} then 'later' else 'same' end as status,
            c.in_vat_system, e.amount_cents, count(*) as n, coalesce(sum(b.vat_cents), 0) as bill_vat
          from telemetry_events e
          join companies c on c.id = e.company_id
          left join bills b on b.logger_id = e.logger_id and b.seq = e.seq
          where ${month.inScope('e.company_id')} and e.at >= ${month.start} and e.at < ${month.end}
            and e.type in ('coin', 'note', 'cashless') and not e.test
          group by 1, 2, 3`)) as unknown as Rows<Record<string, unknown>>
      ).rows;
  const unbilled = { count: 0, total: 0, vat: 0 };
  const later = { count: 0, total: 0, vat: 0 };
  for (const p of payments) {
    const count = n(p.n);
    const amount = n(p.amount_cents);
    if (p.status === 'unbilled') {
      unbilled.count += count;
      unbilled.total += amount * count;
      unbilled.vat += p.in_vat_system ? vatIn(amount) * count : 0;
    } else if (p.status === 'later') {
      later.count += count;
      later.total += amount * count;
      later.vat += n(p.bill_vat);
    }
  }
  return { unbilled, later };
}

/**
 * The month's machine bills of payments made before it (a logger that delivered late, a sequence
 * whose latest bill was later), and the month's test plays (no bill, no revenue).
 */
async function earlierBillsAndTests(db: Db, month: BookMonth): Promise<Record<string, unknown>[]> {
  return month.none
    ? [{}, {}]
    : Promise.all([
        db
          .execute(sql`
            select count(*) as n, coalesce(sum(b.total_cents), 0) as total, coalesce(sum(b.vat_cents), 0) as vat
            from bills b
            join telemetry_events e on e.logger_id = b.logger_id and e.seq = b.seq
            where ${month.inScope('b.company_id')} and b.kind = 'device' and b.issued_at >= ${month.start} and b.issued_at < ${month.end} and e.at < ${month.start}`)
          .then((r) => (r as unknown as Rows<Record<string, unknown>>).rows[0] ?? {}),
        db
          .execute(sql`
            select count(*) as n, coalesce(sum(e.amount_cents), 0) as total
            from telemetry_events e
            where ${month.inScope('e.company_id')} and e.at >= ${month.start} and e.at < ${month.end}
              and e.test and e.type in ('coin', 'note', 'cashless', 'card', 'token')`)
          .then((r) => (r as unknown as Rows<Record<string, unknown>>).rows[0] ?? {}),
      ]);
}

/**
 * Machine payments of a closed month that came after its close are counted in the first open month
 * after it (docs/rules.md, "Month close"): in the finance report of that month, not of their own.
 * Their sums are kept apart (`rollup_adjustments`): counted in this month, and of this month counted later.
 */
async function closedMonthSums(db: Db, month: BookMonth): Promise<Record<string, unknown>> {
  return month.none
    ? {}
    : ((
        (await db.execute(sql`
          select
            coalesce(sum(a.coins_cents + a.notes_cents + a.cashless_cents) filter (where a.month = ${month.from}::date), 0) as in_gross,
            coalesce(sum(a.vat_cents) filter (where a.month = ${month.from}::date), 0) as in_vat,
            coalesce(sum(a.coins_cents + a.notes_cents + a.cashless_cents) filter (where a.of_month = ${month.from}::date), 0) as out_gross,
            coalesce(sum(a.vat_cents) filter (where a.of_month = ${month.from}::date), 0) as out_vat
          from rollup_adjustments a
          where ${month.inScope('a.company_id')} and (a.month = ${month.from}::date or a.of_month = ${month.from}::date)
            and a.month <> a.of_month`)) as unknown as Rows<Record<string, unknown>>
      ).rows[0] ?? {});
}
