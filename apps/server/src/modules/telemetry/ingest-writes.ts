import type { CommandType, LoggerTransport, TelemetryEvent } from '@kovanica/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { arrayLiteral } from '../../db/arrays.ts';
import type { Tx } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { deviceCommands } from '../../db/schema/index.ts';
import type { Rollup } from './ingest-classify.ts';
import type { IngestLogger, StateRow, Timed } from './ingest-context.ts';

// What a batch writes at the end, in one statement: its events, its rollup rows and the device's state
// (each a CTE built here), the logger seen and its pending commands delivered.

/** A stored event as the insert takes it (`insertEvents`: one array per key). */
export interface EventRow {
  /** location id */
  l: number | null;
  /** seq */
  s: number;
  /** type */
  t: string;
  /** at (ISO) */
  a: string;
  /** the logger's own time, when it was clamped */
  r: string | null;
  /** amount in cents */
  m: number;
  /** count */
  c: number;
  /** a test play */
  x: boolean;
  /** what the event adds besides type, seq and time */
  d: Record<string, unknown> | null;
}

/** What an event adds besides its type, seq and time (stored as it came). */
function dataOf(event: TelemetryEvent): Record<string, unknown> | null {
  const { seq: _seq, at: _at, type: _type, ...rest } = event;
  return Object.keys(rest).length ? rest : null;
}

/**
 * Whether a time is written as `toISOString` writes it (`2026-11-27T06:00:00.000Z`), as loggers send
 * it: then the text as it came is the text formatting the parsed time would give, and that formatting,
 * once per event, is skipped. Any other form (an offset, more or fewer decimals) is formatted.
 */
const isCanonical = (text: string) => text.length === 24 && text[19] === '.' && text[23] === 'Z';

/** An event as it is stored: where it happened, the money and count it stands for, whether it is a test play. */
export function eventRow(t: Timed, locationId: number | null, amountCents: number, count: number, test: boolean): EventRow {
  return {
    l: locationId,
    s: t.event.seq,
    t: t.event.type,
    a: t.reportedAt === null && isCanonical(t.event.at) ? t.event.at : t.at.toISOString(),
    r: t.reportedAt ? t.reportedAt.toISOString() : null,
    m: amountCents,
    c: count,
    x: test,
    d: dataOf(t.event),
  };
}

/**
 * The batch's events (a CTE of the write statement). A plain insert, no `on conflict`: the fresh
 * events were picked under the logger's lock (`freshOf`), so none is stored yet, in any month's
 * partition; each partition's `(logger, seq)` unique index stays the guard within its month (a
 * conflict would refuse the batch, never store an event twice; decision 0059).
 * The conflict check cost a second descent of that index per event. The rows travel as one array per
 * column (`unnest`): read as JSON objects, PostgreSQL looked every field up by name in every row.
 */
export function insertEvents(logger: IngestLogger, deviceId: number | null, rows: EventRow[], receivedAt: Date): SQL {
  const column = <K extends keyof EventRow>(key: K) => arrayLiteral(rows.map((row) => row[key]));
  return sql`ev as (insert into telemetry_events (company_id, logger_id, device_id, location_id, seq, type, at, reported_at, received_at, amount_cents, count, test, data)
      select ${logger.companyId}::int, ${logger.id}::int, ${deviceId}::int, e.l, e.s, e.t, e.a, e.r, ${receivedAt.toISOString()}::timestamptz, e.m, e.c, e.x, e.d
      from unnest(${column('l')}::int[], ${column('s')}::bigint[], ${column('t')}::text[], ${column('a')}::timestamptz[], ${column('r')}::timestamptz[],
        ${column('m')}::int[], ${column('c')}::int[], ${column('x')}::boolean[], ${column('d')}::jsonb[]) as e(l, s, t, a, r, m, c, x, d))`;
}

/** The sums a rollup row keeps (`device_daily`, `device_monthly` and the location rollups), as `Rollup` names them. */
const ROLLUP_KEYS = [
  'coinsCents',
  'notesCents',
  'cashlessCents',
  'cardCents',
  'cardBonusCents',
  'vatCents',
  'saleVatCents',
  'tokens',
  'tokensCents',
  'plays',
  'testPlays',
  'testCents',
  'freeRides',
  'resets',
  'prizesOut',
  'events',
] as const satisfies readonly (keyof Rollup)[];
/** The same sums as named in SQL. */
const sums = ROLLUP_KEYS.map(toSnakeCase);
const sumList = sql.raw(sums.join(', '));
const sumSelect = sql.raw(sums.map((c) => `sum(r.${c}) as ${c}`).join(', '));
const addTo = (table: string) => sql.raw(sums.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', '));

/**
 * The batch's sums added to the device's daily rows and to the months they fall in, and the same sums
 * to its locations' daily and monthly rows (CTEs of the write statement, decisions 0015 and 0022). A
 * location row counts the device rows summed into it: one more when the device's row is new. Location
 * rows are shared by the devices standing there, so they are written in (day, location) order: two
 * batches wait for each other rather than deadlock.
 */
export function upsertRollups(companyId: number, deviceId: number, rollups: Rollup[]): SQL {
  // A batch's days are summed per (day, location); what came for a closed month is a row of its own
  // for its landing day (`ofMonth`), so the adjustments know their month.
  const days = rollups.filter((r) => r.ofMonth === null);
  const landed = rollups.filter((r) => r.ofMonth !== null);
  const column = <K extends keyof Rollup>(key: K) => arrayLiteral([...days, ...landed].map((rollup) => rollup[key]));
  const arrays = sql.join(
    [
      sql`${column('locationId')}::int[]`,
      sql`${column('day')}::date[]`,
      sql`${column('ofMonth')}::date[]`,
      ...ROLLUP_KEYS.map((key) => sql`${column(key)}::bigint[]`),
    ],
    sql`, `,
  );
  const columns = sql.raw(sums.map((c) => `r.${c}`).join(', '));
  const adjustments = landed.length
    ? sql`,
  adj as (
    insert into rollup_adjustments (company_id, device_id, location_key, location_id, month, of_month, ${sumList})
    select ${companyId}::int, ${deviceId}::int, r.location_key, r.location_id, date_trunc('month', r.day)::date, r.of_month, ${sumSelect}
    from batch_rows r where r.of_month is not null
    group by r.location_key, r.location_id, date_trunc('month', r.day), r.of_month
    on conflict (device_id, month, of_month, location_key) do update set ${addTo('rollup_adjustments')})`
    : sql``;
  return sql`batch_rows as (
    select coalesce(j.location_id, 0) as location_key, j.*
    from unnest(${arrays}) as j(location_id, day, of_month, ${sumList})),
  batch_days as (${
    landed.length
      ? sql`select r.location_key, r.location_id, r.day, ${sumSelect} from batch_rows r group by r.location_key, r.location_id, r.day`
      : sql`select r.location_key, r.location_id, r.day, ${columns} from batch_rows r`
  }),
  dd as (
    insert into device_daily (company_id, device_id, location_key, location_id, day, ${sumList})
    select ${companyId}::int, ${deviceId}::int, r.location_key, r.location_id, r.day, ${columns}
    from batch_days r
    on conflict (device_id, day, location_key) do update set ${addTo('device_daily')}
    returning location_key, day, (xmax = 0) as fresh),
  batch_months as (
    select r.location_key, r.location_id, date_trunc('month', r.day)::date as month, ${sumSelect}
    from batch_days r group by r.location_key, r.location_id, date_trunc('month', r.day)),
  dm as (
    insert into device_monthly (company_id, device_id, location_key, location_id, month, ${sumList})
    select ${companyId}::int, ${deviceId}::int, r.location_key, r.location_id, r.month, ${columns}
    from batch_months r
    on conflict (device_id, month, location_key) do update set ${addTo('device_monthly')}
    returning location_key, month, (xmax = 0) as fresh),
  ld as (
    insert into location_daily (company_id, location_key, location_id, day, devices, ${sumList})
    select ${companyId}::int, r.location_key, r.location_id, r.day,
      (select count(*) from dd where dd.location_key = r.location_key and dd.day = r.day and dd.fresh), ${columns}
    from batch_days r order by r.day, r.location_key
    on conflict (company_id, day, location_key) do update set devices = location_daily.devices + excluded.devices, ${addTo('location_daily')}),
  lm as (
    insert into location_monthly (company_id, location_key, location_id, month, devices, ${sumList})
    select ${companyId}::int, r.location_key, r.location_id, r.month,
      (select count(*) from dm where dm.location_key = r.location_key and dm.month = r.month and dm.fresh), ${columns}
    from batch_months r order by r.month, r.location_key
    on conflict (company_id, month, location_key) do update set devices = location_monthly.devices + excluded.devices, ${addTo('location_monthly')})${adjustments}`;
}

/** The device's state as the batch left it (a CTE of the write statement). */
export function upsertState(s: StateRow): SQL {
  const time = (d: Date | null) => (d ? d.toISOString() : null);
  return sql`st as (
    insert into device_state (device_id, company_id, last_event_at, service_mode, service_since, critical, critical_code, critical_since,
      box_cents, box_tokens, credit_cents, last_emptied_at, signal, firmware)
    values (${s.deviceId}::int, ${s.companyId}::int, ${time(s.lastEventAt)}::timestamptz, ${s.serviceMode}::boolean,
      ${time(s.serviceSince)}::timestamptz, ${s.critical}::boolean, ${s.criticalCode}::text, ${time(s.criticalSince)}::timestamptz,
      ${s.boxCents}::bigint, ${s.boxTokens}::bigint, ${s.creditCents}::int, ${time(s.lastEmptiedAt)}::timestamptz, ${s.signal}::int, ${s.firmware}::text)
    on conflict (device_id) do update set company_id = excluded.company_id, last_event_at = excluded.last_event_at,
      service_mode = excluded.service_mode, service_since = excluded.service_since, critical = excluded.critical,
      critical_code = excluded.critical_code, critical_since = excluded.critical_since, box_cents = excluded.box_cents,
      box_tokens = excluded.box_tokens, credit_cents = excluded.credit_cents, last_emptied_at = excluded.last_emptied_at,
      signal = excluded.signal, firmware = excluded.firmware)`;
}

/** The logger's commands that free rides and resets of the batch carried out are done. */
export async function confirmCommands(tx: Tx, loggerId: number, ids: number[], doneAt: Date) {
  await tx
    .update(deviceCommands)
    .set({ status: 'done', doneAt })
    .where(and(eq(deviceCommands.loggerId, loggerId), inArray(deviceCommands.id, ids)));
}

/**
 * Runs everything the batch writes as one statement: `writes` (the CTEs above), the logger seen and the
 * way its batch came (`via`), and its pending commands delivered (not for imported history or a released
 * batch, `via` null). Answers those commands, by id.
 */
export async function writeBatch(
  tx: Tx,
  loggerId: number,
  writes: readonly SQL[],
  receivedAt: Date,
  via: LoggerTransport | null,
): Promise<{ id: number; type: CommandType }[]> {
  const at = receivedAt.toISOString();
  // Imported history: the logger did not call, so it is not seen and its commands stay pending.
  if (via === null) {
    if (writes.length) await executePrepared(tx, sql`with ${sql.join([...writes], sql`, `)} select 1`);
    return [];
  }
  const delivered = await executePrepared(
    tx,
    sql`
      with ${sql.join([...writes, sql`seen as (update loggers set last_seen_at = ${at}::timestamptz, last_transport = ${via}::text where id = ${loggerId})`], sql`, `)}
      update ${deviceCommands} set status = 'delivered', delivered_at = ${at}::timestamptz
      where logger_id = ${loggerId} and status = 'pending' returning id, type`,
  );
  const commands = (delivered as unknown as { rows: { id: number; type: CommandType }[] }).rows.map((c) => ({
    id: Number(c.id),
    type: c.type,
  }));
  return commands.sort((a, b) => a.id - b.id);
}
