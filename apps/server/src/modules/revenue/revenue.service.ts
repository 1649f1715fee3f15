import {
  DEFAULT_ITEMS_PER_PAGE,
  type DeviceGroup,
  iri,
  parseReference,
  type RevenueOrderField,
  type RevenuePart,
  type RevenueQuery,
  type RevenueReport,
  type RevenueRow,
  revenueOrderFields,
  revenueParts,
} from '@kovanica/contract';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { badQuery } from '../../core/collection.ts';
import type { RequestContext } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { devices, locations } from '../../db/schema/index.ts';
import { rollupRange } from './revenue.queries.ts';

/** A rollup row's revenue, the one expression every revenue read uses (devices' state too). */
export { revenueOfDay } from './revenue.queries.ts';

type Parts = RevenueReport['totals'];
/** The parts a line sums (the average per play is computed from two of them). */
const summed = revenueParts.filter(
  (part): part is Exclude<RevenuePart, 'averagePerPlayCents'> => part !== 'averagePerPlayCents',
) satisfies readonly (keyof Parts)[];
type Summed = (typeof summed)[number];

const averageOf = (revenueCents: number, plays: number) => (plays > 0 ? Math.round(revenueCents / plays) : null);

/** The order the query asks for (one field), or the largest revenue first. */
function orderOf(query: RevenueQuery): { field: RevenueOrderField; dir: 'asc' | 'desc' } {
  const asked = revenueOrderFields.flatMap((field) => {
    const dir = query[`order[${field}]`];
    return dir ? [{ field, dir }] : [];
  });
  if (asked.length > 1) throw badQuery(`order[${asked[1]?.field}]`);
  return asked[0] ?? { field: 'revenueCents', dir: 'desc' };
}

/**
 * Revenue per device and location (or per location) over whole business days, read from the rollups
 * (never the raw events; whole months from the monthly one, decision 0015): one page of the lines in
 * the order asked for, how many lines there are, and the totals of them all, in one statement.
 * Long because: one statement (the page, the count and the totals, kept whole for speed; decision 0015) written with drizzle's builder, then its answer.
 */
export async function revenueReport(db: Db, ctx: RequestContext, query: RevenueQuery): Promise<RevenueReport> {
  if (query.to < query.from) throw invalid('to', 'end_before_start');
  const reference = (param: 'location' | 'device') => {
    const value = query[param];
    if (value === undefined) return undefined;
    const id = parseReference(`${param}s`, value);
    if (id === null) throw badQuery(param, 'iri');
    return id;
  };
  const group = query.group ?? 'device';
  const page = query.page ?? 1;
  const itemsPerPage = query.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE;
  const order = orderOf(query);
  const r = rollupRange(db, {
    companies: ctx.listed,
    from: query.from,
    to: query.to,
    location: reference('location'),
    device: reference('device'),
  });

  const sums = Object.fromEntries(summed.map((part) => [part, sql<number>`sum(${r[part]})`.mapWith(Number)])) as Record<
    Summed,
    SQL<number>
  >;
  const byDevice = group === 'device';
  // The rollup rows summed per line first, then the names joined to those few thousand lines only.
  const grouped = db.$with('grouped').as(
    db
      .select({
        deviceId: byDevice ? sql<number | null>`${r.deviceId}`.as('device_id') : sql<number | null>`null::int`.as('device_id'),
        locationKey: sql<number>`${r.locationKey}`.as('location_key'),
        locationId: sql<number | null>`max(${r.locationId})`.as('location_id'),
        deviceCount: (byDevice ? sql<number>`1` : sql<number>`count(distinct ${r.deviceId})`).as('device_count'),
        ...(Object.fromEntries(summed.map((part) => [part, sums[part].as(part)])) as Record<Summed, SQL.Aliased<number>>),
      })
      .from(r)
      .groupBy(...(byDevice ? [r.deviceId] : []), r.locationKey),
  );
  // Drizzle leaves a CTE's columns unqualified: `g.` keeps them apart from the joined tables' own.
  const g = (column: string) => sql.raw(`"grouped"."${column}"`);
  const lines = db.$with('lines').as(
    db
      .select({
        deviceId: sql<number | null>`${g('device_id')}`.as('device_id'),
        deviceName: sql<string | null>`${devices.name}`.as('device_name'),
        deviceGroup: sql<string | null>`${devices.group}`.as('device_group'),
        locationKey: sql<number>`${g('location_key')}`.as('location_key'),
        locationId: sql<number | null>`${g('location_id')}`.as('location_id'),
        locationName: sql<string | null>`${locations.name}`.as('location_name'),
        devices: sql<number>`${g('device_count')}`.as('devices'),
        ...(Object.fromEntries(summed.map((part) => [part, sql<number>`${g(part)}`.as(part)])) as Record<Summed, SQL.Aliased<number>>),
      })
      .from(grouped)
      .leftJoin(devices, sql`${devices.id} = ${g('device_id')}`)
      .leftJoin(locations, sql`${locations.id} = ${g('location_id')}`),
  );

  const key = (field: RevenueOrderField): SQL => {
    if (field === 'device') return sql`lower(${lines.deviceName})`;
    if (field === 'location') return sql`lower(${lines.locationName})`;
    if (field === 'averagePerPlayCents') return sql`${lines.revenueCents}::numeric / nullif(${lines.plays}, 0)`;
    return sql`${lines[field]}`;
  };
  const by = order.dir === 'asc' ? asc : desc;
  // Nulls (no location, no plays) last either way; ties in a stable order, so pages never overlap.
  const orderBy = [
    sql`${key(order.field)} is null`,
    by(key(order.field)),
    asc(lines.locationKey),
    ...(byDevice ? [asc(lines.deviceId)] : []),
  ];
  const total = (part: Summed) => sql<number>`sum(${lines[part]}) over ()`.mapWith(Number);
  const rows = await db
    .with(grouped, lines)
    .select({
      deviceId: lines.deviceId,
      deviceName: lines.deviceName,
      deviceGroup: lines.deviceGroup,
      locationId: lines.locationId,
      locationName: lines.locationName,
      devices: sql<number>`${lines.devices}`.mapWith(Number),
      ...(Object.fromEntries(summed.map((part) => [part, sql<number>`${lines[part]}`.mapWith(Number)])) as Record<Summed, SQL<number>>),
      lineCount: sql<number>`count(*) over ()`.mapWith(Number),
      ...(Object.fromEntries(summed.map((part) => [`total_${part}`, total(part)])) as Record<`total_${Summed}`, SQL<number>>),
    })
    .from(lines)
    .orderBy(...orderBy)
    .limit(itemsPerPage)
    .offset((page - 1) * itemsPerPage);

  let totals: Parts;
  let totalItems: number;
  const [first] = rows;
  if (first) {
    totalItems = first.lineCount;
    const sum = Object.fromEntries(summed.map((part) => [part, first[`total_${part}`]])) as Record<Summed, number>;
    totals = { ...sum, averagePerPlayCents: averageOf(sum.revenueCents, sum.plays) };
  } else {
    // A page past the last line (or no lines): the totals on their own.
    const [all] = await db
      .with(grouped, lines)
      .select({
        lineCount: sql<number>`count(*)`.mapWith(Number),
        ...(Object.fromEntries(summed.map((part) => [part, sql<number>`coalesce(sum(${lines[part]}), 0)`.mapWith(Number)])) as Record<
          Summed,
          SQL<number>
        >),
      })
      .from(lines);
    const { lineCount = 0, ...sum } = all ?? {};
    const parts = Object.fromEntries(summed.map((part) => [part, sum[part] ?? 0])) as Record<Summed, number>;
    totalItems = lineCount;
    totals = { ...parts, averagePerPlayCents: averageOf(parts.revenueCents, parts.plays) };
  }
  const items: RevenueRow[] = rows.map((row) => {
    const parts = Object.fromEntries(summed.map((part) => [part, row[part]])) as Record<Summed, number>;
    return {
      device: row.deviceId === null ? null : iri('devices', row.deviceId),
      deviceName: row.deviceName,
      group: row.deviceGroup as DeviceGroup | null,
      location: row.locationId === null ? null : iri('locations', row.locationId),
      locationName: row.locationName,
      devices: row.devices,
      ...parts,
      averagePerPlayCents: averageOf(parts.revenueCents, parts.plays),
    };
  });
  return {
    '@id': '/api/v2/revenue',
    '@type': 'RevenueReport',
    from: query.from,
    to: query.to,
    group,
    rows: items,
    totalItems,
    page,
    itemsPerPage,
    totals,
  };
}
