import { businessDate, monthEnd, type RentalType } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pgArray as list } from '../../db/units.ts';
import { monthsOf } from './periods.ts';
import { contractSpan, type MonthRent, monthRent, type RentTerms } from './rent.ts';

export interface RentScope {
  /** The companies of the view (null: every company). */
  companies: readonly number[] | null;
  from: string;
  to: string;
  lessor?: number | undefined;
  location?: number | undefined;
  device?: number | undefined;
}

export interface LocationRent {
  locationId: number;
  locationName: string;
  companyId: number;
  lessorId: number | null;
  terms: RentTerms;
  /** Everything the location took in the month (what its rent is shared out by). */
  monthRevenueCents: number;
  rent: MonthRent;
}

/**
 * The rent of every location with rental terms in the scope, for each calendar month the range touches
 * (docs/rules.md "Money reports", rent), worked out on the whole month: its revenue on the contract's days, up to today.
 * Three small reads, the last two at once: the terms, the months' revenue from the locations' monthly
 * rollup, and the days of months the contract covers in part from their daily one.
 */
export async function locationRents(db: Db, scope: RentScope, now = new Date()): Promise<LocationRent[]> {
  const today = businessDate(now);
  const months = monthsOf(scope.from, scope.to);
  const [termsResult, closedResult] = await Promise.all([rentTermsRows(db, scope), closedMonthTermsRows(db, scope, months)]);
  type TermsRow = {
    id: number;
    name: string;
    company_id: number;
    lessor_id: number | null;
    type: RentalType;
    amount: number | null;
    percentage: number | null;
    income_limit: number | null;
    contract_start: string | null;
    contract_end: string | null;
  };
  const places = (termsResult as unknown as { rows: TermsRow[] }).rows;
  const frozen = (closedResult as unknown as { rows: (Omit<TermsRow, 'id'> & { id: number | null; month: string })[] }).rows;
  // Each closed (company, month), and the locations that owed rent then.
  const closed = new Set(frozen.map((r) => `${r.company_id}|${r.month}`));
  const frozenPlaces = frozen.filter((r): r is TermsRow & { month: string } => r.id !== null);
  if (places.length === 0 && frozenPlaces.length === 0) return [];
  const ids = [...new Set([...places.map((p) => p.id), ...frozenPlaces.map((p) => p.id)])];
  // Each month's last day that counts: its end, or today in the current month.
  const monthsToDate = months.map((month) => (monthEnd(month) < today ? monthEnd(month) : today));

  // The contract's days of each month; those covering part of a month take their revenue by day.
  const termsOf = (place: TermsRow): RentTerms => ({
    type: place.type,
    amountCents: place.amount === null ? null : Number(place.amount),
    percentageBp: place.percentage === null ? null : Number(place.percentage),
    incomeLimitCents: place.income_limit === null ? null : Number(place.income_limit),
    contractStart: place.contract_start,
    contractEnd: place.contract_end,
  });
  const cellOf = (place: TermsRow, terms: RentTerms, month: string, m: number) => {
    const span = contractSpan(terms, month, today);
    const partial = span !== null && (span[0] !== month || span[1] < (monthsToDate[m] ?? today));
    return { place, terms, month, m, span, partial };
  };
  const monthIndex = new Map(months.map((month, m) => [month, m]));
  // Today's terms for the open months, the kept ones for the closed.
  const cells = [
    ...places.flatMap((place) => {
      const terms = termsOf(place);
      return months.flatMap((month, m) => (closed.has(`${place.company_id}|${month}`) ? [] : [cellOf(place, terms, month, m)]));
    }),
    ...frozenPlaces.map((place) => cellOf(place, termsOf(place), place.month, monthIndex.get(place.month) ?? 0)),
  ].sort((a, b) => a.place.id - b.place.id || a.m - b.m);
  const partial = cells.filter((c) => c.partial && c.span);
  // Two reads at once: what each location took in each whole month, and in the contract's days of
  // the months a contract covers in part.
  const [monthly, days] = await Promise.all([
    monthlyRevenueRows(db, ids, months),
    partial.length ? contractDaysRevenueRows(db, partial) : null,
  ]);
  // Each location's revenue by month, in the order of `months`.
  const revenue = new Map<number, number[]>();
  for (const r of (monthly as unknown as { rows: { location_key: number; month: string; revenue: unknown }[] }).rows) {
    const m = monthIndex.get(r.month);
    if (m === undefined) continue;
    const byMonth = revenue.get(r.location_key) ?? [];
    byMonth[m] = Number(r.revenue);
    revenue.set(r.location_key, byMonth);
  }
  const byDay = new Map<number, number>();
  for (const r of (days as unknown as { rows: { i: unknown; revenue: unknown }[] } | null)?.rows ?? [])
    byDay.set(Number(r.i), Number(r.revenue));
  const partialIndex = new Map(partial.map((c, i) => [c, i]));
  return cells.map((cell) => {
    const monthRevenueCents = revenue.get(cell.place.id)?.[cell.m] ?? 0;
    const index = partialIndex.get(cell) ?? -1;
    const basis = cell.span === null ? 0 : index >= 0 ? (byDay.get(index + 1) ?? 0) : monthRevenueCents;
    return {
      locationId: cell.place.id,
      locationName: cell.place.name,
      companyId: cell.place.company_id,
      lessorId: cell.place.lessor_id,
      terms: cell.terms,
      monthRevenueCents,
      rent: monthRent(cell.terms, cell.month, basis, today, cell.span),
    };
  });
}

/** The locations of the scope with rental terms, each term their own over their lessor's, with the lessor's contract period; by id. */
function rentTermsRows(db: Db, scope: RentScope) {
  const companies = scope.companies === null ? sql`true` : sql`l.company_id = any(${list(scope.companies)}::int[])`;
  return db.execute(sql`
    select l.id, l.name, l.company_id, l.lessor_id,
      coalesce(l.rental_type, s.rental_type) as type,
      coalesce(l.contract_rental_amount_cents, s.contract_rental_amount_cents) as amount,
      coalesce(l.rental_percentage_bp, s.rental_percentage_bp) as percentage,
      coalesce(l.income_limit_cents, s.income_limit_cents) as income_limit,
      to_char(s.contract_start, 'YYYY-MM-DD') as contract_start, to_char(s.contract_end, 'YYYY-MM-DD') as contract_end
    from locations l
    left join lessors s on s.id = l.lessor_id
    where ${companies}
      and coalesce(l.rental_type, s.rental_type) is not null
      ${scope.lessor === undefined ? sql`` : sql`and l.lessor_id = ${scope.lessor}`}
      ${scope.location === undefined ? sql`` : sql`and l.id = ${scope.location}`}
    order by l.id`);
}

/**
 * The closed months of the scope's companies in `months`, each with the terms its locations had when it
 * was closed (docs/rules.md "Month close"): a closed month's rent is worked out from those. A month
 * closed with no location owing rent has one row without a location.
 */
function closedMonthTermsRows(db: Db, scope: RentScope, months: string[]) {
  return db.execute(sql`
    select c.company_id, to_char(c.month, 'YYYY-MM-DD') as month, t.location_id as id, l.name, t.lessor_id,
      t.rental_type as type, t.amount_cents as amount, t.percentage_bp as percentage, t.income_limit_cents as income_limit,
      to_char(t.contract_start, 'YYYY-MM-DD') as contract_start, to_char(t.contract_end, 'YYYY-MM-DD') as contract_end
    from month_closes c
    left join month_close_terms t on t.close_id = c.id and t.rental_type is not null
      ${scope.lessor === undefined ? sql`` : sql`and t.lessor_id = ${scope.lessor}`}
      ${scope.location === undefined ? sql`` : sql`and t.location_id = ${scope.location}`}
    left join locations l on l.id = t.location_id
    where c.reopened_at is null and c.month between ${months[0]}::date and ${months.at(-1)}::date
      and ${scope.companies === null ? sql`true` : sql`c.company_id = any(${list(scope.companies)}::int[])`}
    order by t.location_id`);
}

/** What each of these locations took in each month of `months`, from the locations' monthly rollup. */
function monthlyRevenueRows(db: Db, ids: number[], months: string[]) {
  return db.execute(sql`
      select location_key, to_char(month, 'YYYY-MM-DD') as month,
        sum(coins_cents + notes_cents + cashless_cents + card_cents + tokens_cents) as revenue
      from location_monthly
      where location_key = any(${list(ids)}::int[]) and month between ${months[0]}::date and ${months.at(-1)}::date
      group by 1, 2`);
}

/** What each location took on its contract's days of a month the contract covers in part (row `i` for the `i`th of `partial`). */
function contractDaysRevenueRows(db: Db, partial: { place: { id: number }; span: [string, string] | null }[]) {
  return db.execute(sql`
      select q.i, d.revenue
      from unnest(${list(partial.map((c) => c.place.id))}::int[], ${list(partial.map((c) => c.span?.[0] ?? ''))}::date[],
        ${list(partial.map((c) => c.span?.[1] ?? ''))}::date[]) with ordinality as q(location_id, a, b, i)
      cross join lateral (
        select coalesce(sum(d.coins_cents + d.notes_cents + d.cashless_cents + d.card_cents + d.tokens_cents), 0) as revenue
        from location_daily d where d.location_key = q.location_id and d.day between q.a and q.b) d`);
}
