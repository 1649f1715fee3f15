import { addDays, monthEnd, monthStart } from '@kovanica/contract';
import { and, between, eq, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { inCompanies } from '../../core/tenancy.ts';
import type { Db } from '../../db/client.ts';
import { deviceDaily, deviceMonthly } from '../../db/schema/index.ts';

/** A column's sum over the grouped rollup rows, zero for none. */
export const sum = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

type Rollup = typeof deviceDaily | typeof deviceMonthly;

/**
 * A rollup row's revenue (docs/rules.md, "Revenue and VAT"): coins + notes + cashless + loyalty cards' paid credit + tokens
 * at their value. Test plays, free rides and bonus card plays have columns of their own, so they are
 * never part of it (docs/rules.md, "Revenue and VAT"). Every
 * revenue read of the module uses this one expression.
 */
const revenueOf = (t: Rollup) => sql<number>`${t.coinsCents} + ${t.notesCents} + ${t.cashlessCents} + ${t.cardCents} + ${t.tokensCents}`;
export const revenueOfDay = revenueOf(deviceDaily);

/**
 * The whole months of a range of business days, and the days before and after them: `months` is null
 * when the range holds no whole month (decision 0015).
 */
export function splitRange(from: string, to: string): { months: [string, string] | null; days: [string, string][] } {
  const first = from.endsWith('-01') ? from : addDays(monthEnd(from), 1);
  const last = monthEnd(to) === to ? to : addDays(monthStart(to), -1);
  if (first > last) return { months: null, days: [[from, to]] };
  const days: [string, string][] = [];
  if (from < first) days.push([from, addDays(first, -1)]);
  if (last < to) days.push([addDays(last, 1), to]);
  return { months: [first, monthStart(last)], days };
}

export interface RollupRange {
  /** The companies of the caller's view; null: every company. */
  companies: readonly number[] | null;
  from: string;
  to: string;
  location?: number | undefined;
  device?: number | undefined;
}

/**
 * The rollup rows that add up to a range of business days, as a subquery `r` (device, location and
 * the summed parts, `revenueCents` among them): whole months from `device_monthly`, the days around
 * them from `device_daily`, so a year reads about 12 rows a device instead of 365.
 */
export function rollupRange(db: Db, range: RollupRange) {
  const { months, days } = splitRange(range.from, range.to);
  const filters = (t: Rollup): (SQL | undefined)[] => [
    inCompanies(t.companyId, range.companies),
    range.location === undefined ? undefined : eq(t.locationKey, range.location),
    range.device === undefined ? undefined : eq(t.deviceId, range.device),
  ];
  const columns = (t: Rollup) => ({
    deviceId: t.deviceId,
    locationKey: t.locationKey,
    locationId: t.locationId,
    coinsCents: t.coinsCents,
    notesCents: t.notesCents,
    cashlessCents: t.cashlessCents,
    cardCents: t.cardCents,
    tokens: t.tokens,
    tokensCents: t.tokensCents,
    revenueCents: revenueOf(t).as('revenue_cents'),
    plays: t.plays,
    freeRides: t.freeRides,
    cardBonusCents: t.cardBonusCents,
    testPlays: t.testPlays,
  });
  const daily = db
    .select(columns(deviceDaily))
    .from(deviceDaily)
    .where(and(or(...days.map(([a, b]) => between(deviceDaily.day, a, b))), ...filters(deviceDaily)));
  if (!months) return daily.as('r');
  const monthly = db
    .select(columns(deviceMonthly))
    .from(deviceMonthly)
    .where(and(between(deviceMonthly.month, months[0], months[1]), ...filters(deviceMonthly)));
  return (days.length ? unionAll(monthly, daily) : monthly).as('r');
}
