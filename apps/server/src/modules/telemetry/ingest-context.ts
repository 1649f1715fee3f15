import { type FiscalizeMode, FUTURE_TOLERANCE_MS, type TelemetryEvent } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/arrays.ts';
import type { Tx } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import type { deviceState } from '../../db/schema/index.ts';
import type { FiscalContext } from '../bills/bills.service.ts';

/**
 * The first seq of imported history (`ingestHistory`, decision 0027 amended): a transaction from
 * another system is stored under its device's logger at this base plus its own id (a whole number
 * below 2^51), or plus 2^51 and 51 bits of its id's SHA-256 (any other id). A logger counts from 0
 * and never gets near 2^52, so its own seqs and imported ones cannot meet, `(logger, seq)` keeps an
 * import idempotent, and the logger's last seq (answered to it) leaves imported ones out.
 */
export const HISTORY_SEQ_BASE = 2 ** 52;

/** The logger a batch comes from, as its credential identified it. */
export interface IngestLogger {
  id: number;
  companyId: number;
}

/** The device a batch is applied to, and the company (the logger's) its derived rows are written for. */
export interface DeviceScope {
  companyId: number;
  deviceId: number;
}

/** A device's operational state as ingestion reads and rewrites it (`device_state`). */
export type StateRow = typeof deviceState.$inferSelect;

/** An event with its time as applied (a clock too far ahead is replaced by the receipt time). */
export interface Timed {
  event: TelemetryEvent;
  at: Date;
  reportedAt: Date | null;
}

/** A span of time; `to` null while it is still open. */
export interface Span {
  from: Date;
  to: Date | null;
}

/** What a batch needs to know before it is applied, read in one round trip. */
export interface IngestContext {
  /** The batch's seqs already stored. */
  known: Set<number>;
  /** The logger's highest stored seq of its own (imported history's seqs left out). */
  last: number | null;
  /** The device the logger is fitted to, if any. */
  /** With whether its company is in the VAT system (its rollups' VAT: docs/rules.md, "Revenue and VAT"). */
  device: { id: number; playPriceCents: number; tokenValueCents: number; inVatSystem: boolean } | null;
  /** The device's placements over the batch's time span, with what their locations say of fiscalization. */
  placements: (Span & { locationId: number; fiscalization: boolean; premisesLabel: string | null })[];
  /** What issuing bills for the batch's payments needs (docs/rules.md "Bills and fiscalization"), when the logger is fitted to a device. */
  fiscal: FiscalContext | null;
  /** The device's service sessions over the batch's time span; ingestion adds those it opens. */
  sessions: Span[];
  state: StateRow | null;
  /** Whether the device has a batch held as implausible, waiting for a person (docs/rules.md "Plausibility"). */
  held: boolean;
  /**
   * The device's company's closed months (their first days) from the batch's first month on: what comes
   * for one of them is counted in the first open month after it (docs/rules.md "Month close").
   */
  closed: Set<string>;
}

/** The batch's times: a clock more than 5 minutes ahead is replaced by the receipt time (its seq is clamped). */
export function timesOf(events: readonly TelemetryEvent[], receivedAt: Date): { timed: Timed[]; clampedSeqs: number[] } {
  const limit = receivedAt.getTime() + FUTURE_TOLERANCE_MS;
  const clampedSeqs: number[] = [];
  const timed = events.map((event): Timed => {
    const reported = new Date(event.at);
    if (reported.getTime() <= limit) return { event, at: reported, reportedAt: null };
    clampedSeqs.push(event.seq);
    return { event, at: receivedAt, reportedAt: reported };
  });
  return { timed, clampedSeqs };
}

/**
 * The events not stored yet, in time order (then seq), and the seqs of the duplicates: those already
 * stored and those repeated within the batch.
 */
export function freshOf(timed: readonly Timed[], known: ReadonlySet<number>): { fresh: Timed[]; duplicateSeqs: number[] } {
  const seen = new Set(known);
  const duplicateSeqs: number[] = [];
  const fresh: Timed[] = [];
  for (const t of timed) {
    if (seen.has(t.event.seq)) duplicateSeqs.push(t.event.seq);
    else {
      seen.add(t.event.seq);
      fresh.push(t);
    }
  }
  fresh.sort((a, b) => a.at.getTime() - b.at.getTime() || a.event.seq - b.event.seq);
  return { fresh, duplicateSeqs };
}

const dateOrNull = (v: string | null | undefined) => (v === null || v === undefined ? null : new Date(v));

/**
 * In one statement: the batch's seqs already stored and the logger's highest, the device it is fitted
 * to, that device's placements and service sessions over the batch's time span, and its state.
 * Long because: one prepared statement reads a batch's whole context (one round trip per batch, kept whole for speed), then its row is decoded.
 */
export async function readContext(tx: Tx, loggerId: number, timed: readonly Timed[]): Promise<IngestContext> {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const t of timed) {
    const ms = t.at.getTime();
    if (ms < min) min = ms;
    if (ms > max) max = ms;
  }
  const first = new Date(Number.isFinite(min) ? min : Date.now()).toISOString();
  const last = new Date(Number.isFinite(max) ? max : Date.now()).toISOString();
  const seqs = timed.map((t) => t.event.seq);
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const seq of seqs) {
    if (seq < low) low = seq;
    if (seq > high) high = seq;
  }
  // The batch's seqs stored already: one range of the (logger, seq) index, not a descent per seq; held
  // or discarded events (of a batch held as implausible) are stored too. Every month's partition is
  // read (that index is each partition's own): a resent event may be stored in another month than its
  // resend would go to (a clamped time), and this lookup under the logger's lock is what keeps
  // `(logger, seq)` unique across them (decision 0059).
  const from = seqs.length ? low : 0;
  const to = seqs.length ? high : -1;
  const list = arrayLiteral(seqs);
  const result = await executePrepared(
    tx,
    sql`
    select
      array(select seq from telemetry_events where logger_id = ${loggerId} and seq between ${from}::bigint and ${to}::bigint
          and seq = any(${list}::bigint[])
        union all select seq from telemetry_held_events where logger_id = ${loggerId} and seq between ${from}::bigint and ${to}::bigint
          and seq = any(${list}::bigint[])) as known,
      greatest((select max(seq) from telemetry_events where logger_id = ${loggerId} and seq < ${HISTORY_SEQ_BASE}::bigint),
        (select max(seq) from telemetry_held_events where logger_id = ${loggerId})) as last,
      exists (select 1 from telemetry_holds h where h.device_id = d.id and h.status = 'held') as held,
      d.id, d.play_price_cents, d.token_value_cents, d.fiscalize, d.premises_label, d.isu_number,
      (select json_build_array(c.oib, c.in_vat_system) from companies c where c.id = d.company_id) as company,
      (select json_build_array(f.id, f.private_key_sealed) from fiscal_certificates f where f.company_id = d.company_id and f.active) as certificate,
      (select json_agg(json_build_array(p.location_id, p.from_at, p.to_at, l.fiscalization, l.premises_label)) from device_placements p
        join locations l on l.id = p.location_id
        where p.device_id = d.id and p.from_at <= ${last}::timestamptz and (p.to_at is null or p.to_at > ${first}::timestamptz)) as placements,
      (select json_agg(json_build_array(s.started_at, s.ended_at)) from service_sessions s
        where s.device_id = d.id and s.started_at <= ${last}::timestamptz and (s.ended_at is null or s.ended_at > ${first}::timestamptz)) as sessions,
      (select row_to_json(st) from device_state st where st.device_id = d.id) as state,
      array(select to_char(mc.month, 'YYYY-MM-DD') from month_closes mc where mc.company_id = d.company_id and mc.reopened_at is null
        and mc.month >= date_trunc('month', ${first}::timestamptz at time zone 'Europe/Zagreb')::date) as closed
    from (select 1) as one left join devices d on d.logger_id = ${loggerId}`,
  );
  type Raw = {
    known: (string | number)[] | null;
    last: string | number | null;
    id: number | null;
    play_price_cents: number | null;
    token_value_cents: number | null;
    fiscalize: FiscalizeMode | null;
    premises_label: string | null;
    isu_number: string | null;
    company: [string, boolean] | null;
    certificate: [number, string] | null;
    placements: [number, string, string | null, boolean, string | null][] | null;
    sessions: [string, string | null][] | null;
    state: Record<string, unknown> | null;
    held: boolean;
    closed: string[] | null;
  };
  const row = (result as unknown as { rows: Raw[] }).rows[0] as Raw;
  const st = row.state;
  return {
    known: new Set((row.known ?? []).map(Number)),
    last: row.last === null ? null : Number(row.last),
    device:
      row.id === null
        ? null
        : {
            id: Number(row.id),
            playPriceCents: Number(row.play_price_cents),
            tokenValueCents: Number(row.token_value_cents),
            inVatSystem: Boolean(row.company?.[1]),
          },
    placements: (row.placements ?? []).map(([locationId, from, to, fiscalization, premisesLabel]) => ({
      locationId: Number(locationId),
      from: new Date(from),
      to: dateOrNull(to),
      fiscalization: Boolean(fiscalization),
      premisesLabel: premisesLabel ?? null,
    })),
    fiscal:
      row.id === null || !row.company
        ? null
        : {
            fiscalize: row.fiscalize ?? 'inherit',
            premisesLabel: row.premises_label,
            isu: row.isu_number,
            oib: row.company[0],
            inVatSystem: Boolean(row.company[1]),
            certificate: row.certificate ? { id: Number(row.certificate[0]), sealedKey: row.certificate[1] } : null,
          },
    sessions: (row.sessions ?? []).map(([start, end]) => ({ from: new Date(start), to: dateOrNull(end) })),
    held: Boolean(row.held),
    closed: new Set(row.closed ?? []),
    state: st
      ? {
          deviceId: Number(st.device_id),
          companyId: Number(st.company_id),
          lastEventAt: dateOrNull(st.last_event_at as string | null),
          serviceMode: Boolean(st.service_mode),
          serviceSince: dateOrNull(st.service_since as string | null),
          critical: Boolean(st.critical),
          criticalCode: (st.critical_code as string | null) ?? null,
          criticalSince: dateOrNull(st.critical_since as string | null),
          boxCents: Number(st.box_cents),
          boxTokens: Number(st.box_tokens),
          creditCents: Number(st.credit_cents),
          lastEmptiedAt: dateOrNull(st.last_emptied_at as string | null),
          signal: st.signal === null ? null : Number(st.signal),
          firmware: (st.firmware as string | null) ?? null,
        }
      : null,
  };
}

/** The state of a device ingestion has not seen before. */
export function initialState(deviceId: number, companyId: number): StateRow {
  return {
    deviceId,
    companyId,
    lastEventAt: null,
    serviceMode: false,
    serviceSince: null,
    critical: false,
    criticalCode: null,
    criticalSince: null,
    boxCents: 0,
    boxTokens: 0,
    creditCents: 0,
    lastEmptiedAt: null,
    signal: null,
    firmware: null,
  };
}
