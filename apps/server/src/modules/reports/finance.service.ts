import {
  DEFAULT_ITEMS_PER_PAGE,
  daysBetween,
  FINANCE_DAILY_MAX_DAYS,
  FINANCE_MAX_DAYS,
  type FinanceCost,
  type FinanceFigure,
  type FinancePeriodTotals,
  type FinanceQuery,
  type FinanceReport,
  type FinanceRow,
  financeCosts,
  financeFigures,
  iri,
  parseReference,
} from '@kovanica/contract';
import { badQuery } from '../../core/collection.ts';
import type { RequestContext } from '../../core/context.ts';
import { DomainError, invalid } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { type FinanceScope, financeLines } from './finance.queries.ts';
import { periodsOf } from './periods.ts';
import { locationRents } from './rent.queries.ts';

export { type FinanceScope, rollupRows } from './finance.queries.ts';

const SUBJECT_TYPES = { device: 'devices', location: 'locations', lessor: 'lessors', company: 'companies' } as const;

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
      throw new DomainError(403, 'module_off', { module: 'finance.ebitda' });
    for (const param of ['lessor', 'location', 'device'] as const) if (filters[param] !== undefined) throw badQuery(param);
  }
  return { subject: query.subject, from: query.from, to: query.to, period, ...filters };
}

const n = (v: unknown) => Number(v ?? 0);

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
  const answer = scope.companies?.length === 0 ? null : await financeLines(db, { scope, periods, rents, page, itemsPerPage });
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
