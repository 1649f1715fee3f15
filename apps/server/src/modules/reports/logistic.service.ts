import {
  addDays,
  boxFullOn,
  businessDate,
  DEFAULT_ITEMS_PER_PAGE,
  type DeviceGroup,
  daysBetween,
  FINANCE_MAX_DAYS,
  iri,
  LOGISTIC_INTAKE_DAYS,
  LOGISTIC_REFILL_DAYS,
  type LogisticQuery,
  type LogisticReport,
  type LogisticRow,
} from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { pgArray } from '../../db/units.ts';
import { checkRange, filtersOf, rollupRows } from './finance.service.ts';

interface DeviceLine {
  id: number;
  name: string;
  group: DeviceGroup;
  location_id: number | null;
  location_name: string | null;
  token_value_cents: number;
  capacity: number | null;
  box_cents: unknown;
  last_emptied_at: string | null;
  plays: unknown;
  gross: unknown;
  money_in: unknown;
  prizes_out: unknown;
  loaded: unknown;
  paid_ever: unknown;
  recent_prizes: unknown;
  recent_cash: unknown;
}

const n = (v: unknown) => Number(v ?? 0);

/** The day a box is full (the contract's rule, shared with the devices' cash box outlook). */
export const fullOn = boxFullOn;

/**
 * Checks a logistic report's query without reading anything (422 on a bad range or no filter, 400 on a
 * malformed IRI): the view's companies and filters as ids. The report itself and its export's
 * request-time check both call it.
 */
export function logisticScope(ctx: RequestContext, query: Omit<LogisticQuery, 'page' | 'itemsPerPage'>) {
  checkRange(query.from, query.to, FINANCE_MAX_DAYS);
  const filters = filtersOf(ctx, query);
  const narrowed = query.company ?? query.lessor ?? query.location ?? query.device ?? query.group;
  if (narrowed === undefined) throw invalid('filter', 'filter_required');
  return filters;
}

/**
 * The logistic report (docs/rules.md, "Money reports"): per device of the filter, its
 * range's figures from the rollups, its box from its state, its prizes from stock issued to it and the
 * prizes it paid out; per location, its devices of each group summed. Sorted as a visit list.
 * Long because: one SQL statement reads every device's figures at once (kept whole for speed), then the lines are made from its rows.
 */
export async function logisticReport(db: Db, ctx: RequestContext, query: LogisticQuery, now = new Date()): Promise<LogisticReport> {
  const filters = logisticScope(ctx, query);
  const page = query.page ?? 1;
  const itemsPerPage = query.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE;
  const today = businessDate(now);
  const recentFrom = addDays(today, -LOGISTIC_INTAKE_DAYS);
  const base = {
    '@id': '/api/v2/logistic-report',
    '@type': 'LogisticReport' as const,
    subject: query.subject,
    from: query.from,
    to: query.to,
    page,
    itemsPerPage,
  };
  const empty = { plays: 0, grossCents: 0, cashInBoxCents: 0, prizesToRefill: 0 };
  if (filters.companies?.length === 0) return { ...base, rows: [], totalItems: 0, totals: empty };

  const where = [
    filters.companies === null ? sql`true` : sql`d.company_id = any(${pgArray(filters.companies)}::int[])`,
    filters.device === undefined ? sql`true` : sql`d.id = ${filters.device}`,
    filters.location === undefined ? sql`true` : sql`d.location_id = ${filters.location}`,
    filters.lessor === undefined ? sql`true` : sql`d.location_id in (select id from locations where lessor_id = ${filters.lessor})`,
    query.group === undefined ? sql`true` : sql`d."group" = ${query.group}`,
  ];
  // The range's figures of the devices wherever they stood; the box, stock and recent intake of each now.
  const result = await db.execute(sql`
    with chosen as (select d.* from devices d where ${sql.join(where, sql` and `)}),
    r as (${rollupRows({ companies: filters.companies, from: query.from, to: query.to, period: 'range' })}),
    ranged as (
      select r.device_id, sum(r.plays) as plays,
        sum(r.coins_cents + r.notes_cents + r.cashless_cents + r.card_cents + r.tokens_cents) as gross,
        sum(r.coins_cents + r.notes_cents + r.cashless_cents + r.card_cents) as money_in, sum(r.prizes_out) as prizes_out
      from r where r.device_id in (select id from chosen)
      group by 1
    )
    select c.id, c.name, c."group", c.location_id, l.name as location_name, c.token_value_cents, c.cash_box_capacity_cents as capacity,
      s.box_cents, to_char(s.last_emptied_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last_emptied_at,
      g.plays, g.gross, g.money_in, g.prizes_out,
      (select sum(case when m.from_repository_id is not null then m.quantity else -m.quantity end)
        from stock_movements m where m.device_id = c.id and m.kind = 'issue') as loaded,
      (select sum(m.prizes_out) from device_monthly m where m.device_id = c.id) as paid_ever,
      (select sum(dd.prizes_out) from device_daily dd where dd.device_id = c.id and dd.day between ${recentFrom}::date and ${addDays(today, -1)}::date) as recent_prizes,
      (select sum(dd.coins_cents + dd.notes_cents) from device_daily dd where dd.device_id = c.id and dd.day between ${recentFrom}::date and ${addDays(today, -1)}::date) as recent_cash
    from chosen c
    left join locations l on l.id = c.location_id
    left join device_state s on s.device_id = c.id
    left join ranged g on g.device_id = c.id`);
  const devices = (result as unknown as { rows: DeviceLine[] }).rows;

  const lines: LogisticRow[] = devices.map((d) => {
    const prizesOut = n(d.prizes_out);
    const plays = n(d.plays);
    const moneyIn = n(d.money_in);
    const saldo = d.group === 'saldo_reducer';
    const prize = d.group === 'prize_device';
    const paidOut = saldo ? prizesOut * d.token_value_cents : null;
    const left = prize ? n(d.loaded) - n(d.paid_ever) : null;
    const due = Math.ceil((n(d.recent_prizes) / LOGISTIC_INTAKE_DAYS) * LOGISTIC_REFILL_DAYS);
    const box = n(d.box_cents);
    const intake = Math.round(n(d.recent_cash) / LOGISTIC_INTAKE_DAYS);
    const emptied = d.last_emptied_at;
    return {
      subject: iri('devices', d.id),
      name: d.name,
      locationName: d.location_name,
      group: d.group,
      devices: 1,
      plays,
      grossCents: n(d.gross),
      moneyInCents: moneyIn,
      paidOutCents: paidOut,
      netSaldoCents: paidOut === null ? null : moneyIn - paidOut,
      prizesOut,
      payoutRatio: prize && plays > 0 ? Math.round((prizesOut / plays) * 10_000) / 10_000 : null,
      prizesLeft: left,
      prizesToRefill: left === null ? null : Math.max(0, due - Math.max(0, left)),
      cashInBoxCents: box,
      lastEmptiedAt: emptied,
      daysSinceEmptying: emptied ? daysBetween(businessDate(emptied), today) - 1 : null,
      dailyIntakeCents: intake,
      capacityCents: d.capacity,
      fullOn: fullOn(today, box, d.capacity, intake),
    };
  });

  const rows = query.subject === 'device' ? lines : byLocation(lines, devices);
  // The visit list: the soonest full first, then the fullest box, then the most prizes to refill.
  rows.sort(
    (a, b) =>
      (a.fullOn ?? '9999').localeCompare(b.fullOn ?? '9999') ||
      b.cashInBoxCents - a.cashInBoxCents ||
      (b.prizesToRefill ?? 0) - (a.prizesToRefill ?? 0) ||
      (a.name ?? '').localeCompare(b.name ?? ''),
  );
  return {
    ...base,
    rows: rows.slice((page - 1) * itemsPerPage, page * itemsPerPage),
    totalItems: rows.length,
    totals: {
      plays: rows.reduce((s, r) => s + r.plays, 0),
      grossCents: rows.reduce((s, r) => s + r.grossCents, 0),
      cashInBoxCents: rows.reduce((s, r) => s + r.cashInBoxCents, 0),
      prizesToRefill: rows.reduce((s, r) => s + (r.prizesToRefill ?? 0), 0),
    },
  };
}

/** A location's devices of one group as one line: sums, the earliest full box, the longest since emptying. */
function byLocation(lines: LogisticRow[], devices: DeviceLine[]): LogisticRow[] {
  const groups = new Map<string, LogisticRow>();
  lines.forEach((line, i) => {
    const locationId = devices[i]?.location_id ?? null;
    const key = `${locationId}/${line.group}`;
    const sum = (a: number | null, b: number | null) => (a === null && b === null ? null : (a ?? 0) + (b ?? 0));
    const seen = groups.get(key);
    if (!seen) {
      groups.set(key, { ...line, subject: locationId === null ? null : iri('locations', locationId), name: line.locationName });
      return;
    }
    const merged: LogisticRow = {
      ...seen,
      devices: seen.devices + 1,
      plays: seen.plays + line.plays,
      grossCents: seen.grossCents + line.grossCents,
      moneyInCents: seen.moneyInCents + line.moneyInCents,
      paidOutCents: sum(seen.paidOutCents, line.paidOutCents),
      netSaldoCents: sum(seen.netSaldoCents, line.netSaldoCents),
      prizesOut: seen.prizesOut + line.prizesOut,
      prizesLeft: sum(seen.prizesLeft, line.prizesLeft),
      prizesToRefill: sum(seen.prizesToRefill, line.prizesToRefill),
      cashInBoxCents: seen.cashInBoxCents + line.cashInBoxCents,
      lastEmptiedAt: [seen.lastEmptiedAt, line.lastEmptiedAt].filter(Boolean).sort()[0] ?? null,
      daysSinceEmptying:
        Math.max(seen.daysSinceEmptying ?? -1, line.daysSinceEmptying ?? -1) < 0
          ? null
          : Math.max(seen.daysSinceEmptying ?? -1, line.daysSinceEmptying ?? -1),
      dailyIntakeCents: seen.dailyIntakeCents + line.dailyIntakeCents,
      capacityCents: sum(seen.capacityCents, line.capacityCents),
      fullOn: [seen.fullOn, line.fullOn].filter((d): d is string => d !== null).sort()[0] ?? null,
    };
    const plays = merged.plays;
    merged.payoutRatio = line.group === 'prize_device' && plays > 0 ? Math.round((merged.prizesOut / plays) * 10_000) / 10_000 : null;
    groups.set(key, merged);
  });
  return [...groups.values()];
}
