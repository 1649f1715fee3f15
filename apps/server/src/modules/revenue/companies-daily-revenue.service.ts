import {
  addDays,
  COMPANIES_DAILY_REVENUE_MAX_DAYS,
  type CompaniesDailyRevenue,
  type CompaniesDailyRevenueDay,
  type CompaniesDailyRevenueQuery,
  type CompaniesDailyRevenueRow,
  iri,
} from '@kovanica/contract';
import { and, eq, exists, gte, lte, or, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import { inCompanies } from '../../core/tenancy.ts';
import type { Db } from '../../db/client.ts';
import { companies, deviceDaily, devices } from '../../db/schema/index.ts';
import { revenueOfDay, sum } from './revenue.queries.ts';

const DAY_MS = 86_400_000;
const collator = new Intl.Collator('hr', { sensitivity: 'base', numeric: true });

/** Every business day from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * Each company's revenue per business day over a range (admins; docs/rules.md
 * "Telemetry, devices in operation, deposits", companies daily revenue), read from the daily rollup only. The
 * companies are those of the caller's view that have devices (or revenue in the range): every day of the
 * range is listed for each, a day without plays as zero. Net is stated for companies in the VAT system: the
 * revenue less the VAT the rollups summed payment by payment, of the machines' bills and of the sales of the
 * credit and tokens played (docs/rules.md, "Revenue and VAT").
 */
export async function companiesDailyRevenue(
  db: Db,
  ctx: RequestContext,
  query: CompaniesDailyRevenueQuery,
): Promise<CompaniesDailyRevenue> {
  if (query.to < query.from) throw invalid('to', 'end_before_start');
  const span = Math.round((Date.parse(query.to) - Date.parse(query.from)) / DAY_MS) + 1;
  if (span > COMPANIES_DAILY_REVENUE_MAX_DAYS) throw invalid('to', 'range_too_long', { max: COMPANIES_DAILY_REVENUE_MAX_DAYS });

  const inRange = and(gte(deviceDaily.day, query.from), lte(deviceDaily.day, query.to));
  const [companyRows, dayRows] = await Promise.all([
    db
      .select({ id: companies.id, name: companies.name, inVatSystem: companies.inVatSystem })
      .from(companies)
      .where(
        and(
          inCompanies(companies.id, ctx.listed),
          or(
            exists(db.select({ one: sql`1` }).from(devices).where(eq(devices.companyId, companies.id))),
            exists(
              db
                .select({ one: sql`1` })
                .from(deviceDaily)
                .where(and(eq(deviceDaily.companyId, companies.id), inRange)),
            ),
          ),
        ),
      ),
    db
      .select({
        companyId: deviceDaily.companyId,
        day: deviceDaily.day,
        revenueCents: sum(revenueOfDay),
        plays: sum(deviceDaily.plays),
        vatCents: sum(sql`${deviceDaily.vatCents} + ${deviceDaily.saleVatCents}`),
      })
      .from(deviceDaily)
      .where(and(inCompanies(deviceDaily.companyId, ctx.listed), inRange))
      .groupBy(deviceDaily.companyId, deviceDaily.day),
  ]);

  const days = daysOf(query.from, query.to);
  const earned = new Map(dayRows.map((r) => [`${r.companyId}|${r.day}`, r]));
  const rows: CompaniesDailyRevenueRow[] = companyRows.map((company) => {
    const perDay: CompaniesDailyRevenueDay[] = days.map((day) => {
      const found = earned.get(`${company.id}|${day}`);
      return { day, revenueCents: found?.revenueCents ?? 0, plays: found?.plays ?? 0 };
    });
    const revenueCents = perDay.reduce((total, d) => total + d.revenueCents, 0);
    const vatCents = days.reduce((total, day) => total + (earned.get(`${company.id}|${day}`)?.vatCents ?? 0), 0);
    return {
      company: iri('companies', company.id),
      companyName: company.name,
      inVatSystem: company.inVatSystem,
      days: perDay,
      revenueCents,
      plays: perDay.reduce((total, d) => total + d.plays, 0),
      netCents: company.inVatSystem ? revenueCents - vatCents : null,
    };
  });
  rows.sort((a, b) => b.revenueCents - a.revenueCents || collator.compare(a.companyName, b.companyName));

  const totals = {
    days: days.map((day, i) => ({
      day,
      revenueCents: rows.reduce((total, r) => total + (r.days[i]?.revenueCents ?? 0), 0),
      plays: rows.reduce((total, r) => total + (r.days[i]?.plays ?? 0), 0),
    })),
    revenueCents: rows.reduce((total, r) => total + r.revenueCents, 0),
    plays: rows.reduce((total, r) => total + r.plays, 0),
    netCents: rows.reduce((total, r) => total + (r.netCents ?? r.revenueCents), 0),
  };
  return {
    '@id': '/api/v2/revenue/companies-daily',
    '@type': 'CompaniesDailyRevenue',
    from: query.from,
    to: query.to,
    rows,
    totals,
  };
}
