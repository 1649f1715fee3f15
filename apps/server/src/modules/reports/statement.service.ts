import {
  businessDate,
  daysBetween,
  iri,
  type LessorStatement,
  type LessorStatementLine,
  type LessorStatementQuery,
  monthEnd,
} from '@kovanica/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { inCompanies } from '../../core/tenancy.ts';
import type { Db } from '../../db/client.ts';
import { cities, companies, lessors, locations } from '../../db/schema/index.ts';
import { fromBp, pgArray } from '../../db/units.ts';
import { rentalTerms } from '../locations/locations.service.ts';
import { type LocationRent, locationRents } from './rent.queries.ts';
import { contractSpan, monthRent, type RentTerms } from './rent.ts';

const parts = ['coinsCents', 'notesCents', 'cashlessCents', 'cardCents', 'tokens', 'tokensCents', 'grossCents'] as const;
type Revenue = Record<(typeof parts)[number], number>;
const noRevenue: Revenue = { coinsCents: 0, notesCents: 0, cashlessCents: 0, cardCents: 0, tokens: 0, tokensCents: 0, grossCents: 0 };

/**
 * Rounds to the nearest cent, a tie to the even one: as PostgreSQL's `round` of a `double precision`
 * does for the month's rent the finance report shares out, so the statement's rent is the report's to the cent.
 */
export function roundCents(value: number): number {
  const floor = Math.floor(value);
  const rest = value - floor;
  if (Math.abs(rest - 0.5) < 1e-9) return floor % 2 === 0 ? floor : floor + 1;
  return Math.round(value);
}

/**
 * The monthly statement of a lessor (docs/rules.md "Money reports", monthly lessor statement): its company,
 * its terms and each of its locations with the month's revenue and the rent worked out for it, step by step.
 * The rent is `locationRents`' (the finance report's); the revenue in its parts is read from the monthly
 * rollup as the report reads it. A lessor outside the caller's companies is a 404.
 */
export async function lessorStatement(
  db: Db,
  ctx: RequestContext,
  id: number,
  query: LessorStatementQuery,
  now = new Date(),
): Promise<LessorStatement> {
  const [lessor] = await db
    .select()
    .from(lessors)
    .where(and(eq(lessors.id, id), inCompanies(lessors.companyId, ctx.visible)));
  if (!lessor) throw notFound();
  const from = `${query.month}-01`;
  const to = monthEnd(from);
  const today = businessDate(now);
  const [company] = await db.select().from(companies).where(eq(companies.id, lessor.companyId));
  if (!company) throw notFound();

  const places = await lessorLocations(db, lessor);

  const scope = { companies: [lessor.companyId], from, to, lessor: id };
  const [rents, revenue] = await Promise.all([
    locationRents(db, scope, now),
    revenueOf(
      db,
      lessor.companyId,
      from,
      places.map((p) => p.id),
    ),
  ]);
  const rentOf = new Map(rents.map((r) => [r.locationId, r]));

  const lines = places.map((place) => statementLine(place, lessor, rentOf.get(place.id), revenue.get(place.id), from, today));

  const totals = Object.fromEntries([...parts, 'rentCents'].map((f) => [f, lines.reduce((s, l) => s + l[f as keyof Revenue], 0)]));
  return {
    '@id': `/api/v2/lessors/${id}/statement?month=${query.month}`,
    '@type': 'LessorStatement',
    month: query.month,
    from,
    to,
    daysInMonth: daysBetween(from, to),
    countedTo: from > today ? null : to < today ? to : today,
    running: from <= today && today <= to,
    madeOn: today,
    company: {
      '@id': iri('companies', company.id),
      name: company.name,
      oib: company.oib,
      address: company.address,
      inVatSystem: company.inVatSystem,
    },
    lessor: {
      '@id': iri('lessors', lessor.id),
      name: lessor.name,
      oib: lessor.oib,
      contractStart: lessor.contractStart,
      contractEnd: lessor.contractEnd,
      rentalType: lessor.rentalType,
      rentalPercentage: fromBp(lessor.rentalPercentageBp),
      contractRentalAmountCents: lessor.contractRentalAmountCents,
      incomeLimitCents: lessor.incomeLimitCents,
    },
    lines,
    totals: totals as LessorStatement['totals'],
  };
}

/** The lessor's locations in its company, by name: their address and city, and their own rental terms. */
function lessorLocations(db: Db, lessor: Lessor) {
  return db
    .select({
      id: locations.id,
      name: locations.name,
      street: locations.street,
      address: locations.address,
      cityName: cities.name,
      rentalType: locations.rentalType,
      contractRentalAmountCents: locations.contractRentalAmountCents,
      incomeLimitCents: locations.incomeLimitCents,
      rentalPercentageBp: locations.rentalPercentageBp,
    })
    .from(locations)
    .leftJoin(cities, eq(cities.id, locations.cityId))
    .where(and(eq(locations.lessorId, lessor.id), eq(locations.companyId, lessor.companyId)))
    .orderBy(asc(locations.name), asc(locations.id));
}

type LessorLocation = Awaited<ReturnType<typeof lessorLocations>>[number];
type Lessor = typeof lessors.$inferSelect;

/**
 * A location's line of the statement, step by step as the lessor reads it: the terms that applied and
 * whose they are, the contract's days in the month, the revenue on them, the fixed and percentage parts
 * and the rent (`found`: the location's rent as the finance report works it out; none without terms).
 */
function statementLine(
  place: LessorLocation,
  lessor: Lessor,
  found: LocationRent | undefined,
  revenue: Revenue | undefined,
  from: string,
  today: string,
): LessorStatementLine {
  const applied = rentalTerms(place, lessor);
  // A location without terms pays nothing: its rent is worked out on no terms, all zeros.
  const terms: RentTerms = found?.terms ?? {
    type: null,
    amountCents: null,
    percentageBp: null,
    incomeLimitCents: null,
    contractStart: lessor.contractStart,
    contractEnd: lessor.contractEnd,
  };
  const rent = found?.rent ?? monthRent(terms, from, 0, today);
  const span = terms.type ? contractSpan(terms, from, today) : null;
  const rentCents = roundCents(rent.rentCents);
  const fixedCents = roundCents(rent.fixedCents);
  return {
    location: iri('locations', place.id),
    name: place.name,
    address: place.address ?? place.street,
    cityName: place.cityName,
    ...(revenue ?? noRevenue),
    terms: applied,
    ownTerms: Object.values(applied).some((term) => term.from === 'location'),
    contractFrom: span?.[0] ?? null,
    contractTo: span?.[1] ?? null,
    contractDays: rent.contractDays,
    basisCents: rent.basisCents,
    fixedCents,
    limitCents: roundCents(rent.limitCents),
    percentCents: rentCents - fixedCents,
    rentCents,
  };
}

/** Each location's revenue of the month in its parts, from the locations' monthly rollup (where the devices stood; decision 0022). */
async function revenueOf(db: Db, companyId: number, month: string, ids: number[]): Promise<Map<number, Revenue>> {
  const out = new Map<number, Revenue>();
  if (ids.length === 0) return out;
  const result = await db.execute(sql`
    select location_key, sum(coins_cents) coins, sum(notes_cents) notes, sum(cashless_cents) cashless, sum(card_cents) card,
      sum(tokens) tokens, sum(tokens_cents) tokens_cents
    from location_monthly
    where month = ${month}::date and company_id = ${companyId} and location_key = any(${pgArray(ids)}::int[])
    group by 1`);
  type Row = Record<'location_key' | 'coins' | 'notes' | 'cashless' | 'card' | 'tokens' | 'tokens_cents', unknown>;
  for (const r of (result as unknown as { rows: Row[] }).rows) {
    const [coins, notes, cashless, card, tokensCents] = [r.coins, r.notes, r.cashless, r.card, r.tokens_cents].map(Number) as number[];
    out.set(Number(r.location_key), {
      coinsCents: coins ?? 0,
      notesCents: notes ?? 0,
      cashlessCents: cashless ?? 0,
      cardCents: card ?? 0,
      tokens: Number(r.tokens),
      tokensCents: tokensCents ?? 0,
      grossCents: (coins ?? 0) + (notes ?? 0) + (cashless ?? 0) + (card ?? 0) + (tokensCents ?? 0),
    });
  }
  return out;
}
