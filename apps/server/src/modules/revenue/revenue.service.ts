import { type DeviceGroup, iri, parseReference, type RevenueQuery, type RevenueReport, type RevenueRow } from '@kovanica/contract';
import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceDaily, devices, locations } from '../../db/schema/index.ts';
import { badQuery } from '../../http/collection.ts';
import type { RequestContext } from '../../http/context.ts';
import { invalid } from '../../http/problems.ts';
import { inCompanies } from '../../http/tenancy.ts';
import { revenueOfDay, sum } from './revenue.queries.ts';

/** A rollup row's revenue, the one expression every revenue read uses (devices' state too). */
export { revenueOfDay } from './revenue.queries.ts';

type Parts = Omit<RevenueRow, 'device' | 'deviceName' | 'group' | 'location' | 'locationName'>;
const withAverage = (p: Omit<Parts, 'averagePerPlayCents'>): Parts => ({
  ...p,
  averagePerPlayCents: p.plays > 0 ? Math.round(p.revenueCents / p.plays) : null,
});

/**
 * Revenue per device and location over whole business days, read from the daily rollup (never the
 * raw events): the parts, plays, the average per play, and the totals.
 */
export async function revenueReport(db: Db, ctx: RequestContext, query: RevenueQuery): Promise<RevenueReport> {
  if (query.to < query.from) throw invalid('to', 'end_before_start');
  const conditions: (SQL | undefined)[] = [
    inCompanies(deviceDaily.companyId, ctx.listed),
    gte(deviceDaily.day, query.from),
    lte(deviceDaily.day, query.to),
  ];
  if (query.location) {
    const id = parseReference('locations', query.location);
    if (id === null) throw badQuery('location', 'iri');
    conditions.push(eq(deviceDaily.locationKey, id));
  }
  if (query.device) {
    const id = parseReference('devices', query.device);
    if (id === null) throw badQuery('device', 'iri');
    conditions.push(eq(deviceDaily.deviceId, id));
  }
  const parts = {
    coinsCents: sum(deviceDaily.coinsCents),
    notesCents: sum(deviceDaily.notesCents),
    cashlessCents: sum(deviceDaily.cashlessCents),
    cardCents: sum(deviceDaily.cardCents),
    tokens: sum(deviceDaily.tokens),
    tokensCents: sum(deviceDaily.tokensCents),
    revenueCents: sum(revenueOfDay),
    plays: sum(deviceDaily.plays),
    freeRides: sum(deviceDaily.freeRides),
    testPlays: sum(deviceDaily.testPlays),
  };
  const rows = await db
    .select({
      deviceId: deviceDaily.deviceId,
      deviceName: devices.name,
      group: devices.group,
      locationId: deviceDaily.locationId,
      locationName: locations.name,
      ...parts,
    })
    .from(deviceDaily)
    .innerJoin(devices, eq(devices.id, deviceDaily.deviceId))
    .leftJoin(locations, eq(locations.id, deviceDaily.locationId))
    .where(and(...conditions))
    .groupBy(deviceDaily.deviceId, devices.name, devices.group, deviceDaily.locationId, locations.name)
    .orderBy(desc(sum(revenueOfDay)), devices.name);
  const items: RevenueRow[] = rows.map((r) => ({
    device: iri('devices', r.deviceId),
    deviceName: r.deviceName,
    group: r.group as DeviceGroup,
    location: r.locationId === null ? null : iri('locations', r.locationId),
    locationName: r.locationName,
    ...withAverage(r),
  }));
  const zero = {
    coinsCents: 0,
    notesCents: 0,
    cashlessCents: 0,
    cardCents: 0,
    tokens: 0,
    tokensCents: 0,
    revenueCents: 0,
    plays: 0,
    freeRides: 0,
    testPlays: 0,
  };
  const totals = items.reduce((t, r) => {
    for (const key of Object.keys(zero) as (keyof typeof zero)[]) t[key] += r[key];
    return t;
  }, zero);
  return { '@id': '/api/v2/revenue', '@type': 'RevenueReport', from: query.from, to: query.to, rows: items, totals: withAverage(totals) };
}
