import { createHash } from 'node:crypto';
import {
  FUTURE_TOLERANCE_MS,
  type ProblemCode,
  type TelemetryEvent,
  telemetryEvent,
  transactionImportColumns,
  transactionImportTypeAliases,
  transactionTypes,
  zagrebOffset,
} from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { HISTORY_SEQ_BASE, ingestHistory } from '../telemetry/telemetry.service.ts';
import { choice, euroCents } from './imports.cells.ts';
import { idsByName, nameKey } from './imports.names.ts';
import {
  type ImportInput,
  importOf,
  jsonList,
  type ReadRow,
  readImportFile,
  rowsOf,
  uniqueInFile,
  validateRow,
} from './imports.pipeline.ts';

// Historical transactions from another system (decision 0027 amended): each row becomes
// the telemetry event a logger would have sent, checked with the ingestion's own schema
// (`telemetryEvent`), and is written through the ingestion (`ingestHistory`: rollups, device state and
// cash periods as for a logger's batch; no bills, no card debits). The row's own id in the other
// system is mapped to a seq in the history range of its device's logger, so `(logger, seq)` makes
// a second import of the same file write nothing.

type Column = (typeof transactionImportColumns.columns)[number];

/** The file's column of each event field (an error names the file's column). */
const columnOf: Record<string, Column> = { seq: 'id', at: 'time', type: 'type', valueCents: 'amount', count: 'count', cardUid: 'card' };

/** The event types whose amount is the row's (coins and notes: split over the count). */
const valued = new Set(['coin', 'note', 'cashless', 'card']);
const counted = new Set(['coin', 'note', 'token', 'prize_out']);

/** The seq of a foreign id in the history range: the id itself when it is a whole number below 2^51, else 51 bits of its SHA-256 above that. */
export function historySeq(id: string): number {
  const half = 2 ** 51;
  if (/^\d{1,16}$/.test(id) && Number(id) < half) return HISTORY_SEQ_BASE + Number(id);
  const digest = createHash('sha256').update(id).digest();
  const bits = digest.readUIntBE(0, 6) + (digest.readUInt8(6) & 0x07) * 2 ** 48;
  return HISTORY_SEQ_BASE + half + bits;
}

/** Zagreb's local wall time as an instant (the offset of that moment, summer or winter). */
function zagrebLocal(y: number, mo: number, d: number, h: number, mi: number, s: number): Date | null {
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    return null;
  let at = wall - zagrebOffset(wall);
  at = wall - zagrebOffset(at);
  return new Date(at);
}

/**
 * A time as a file writes it, as the event's ISO time: ISO with an offset as it is, ISO without one
 * and `dd.MM.yyyy HH:mm[:ss]` in Zagreb's local time. Anything else is passed on for the schema to refuse.
 */
export function eventTime(value: string): string {
  const text = value.trim();
  const local = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})\.?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  const isoLocal = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (local) {
    const at = zagrebLocal(Number(local[3]), Number(local[2]), Number(local[1]), Number(local[4]), Number(local[5]), Number(local[6] ?? 0));
    return at ? at.toISOString() : text;
  }
  if (isoLocal) {
    const n = isoLocal.slice(1).map((v) => Number(v ?? 0));
    const at = zagrebLocal(n[0] ?? 0, n[1] ?? 0, n[2] ?? 0, n[3] ?? 0, n[4] ?? 0, n[5] ?? 0);
    return at ? at.toISOString() : text;
  }
  return text;
}

interface TransactionRow extends ReadRow<Column> {
  event: TelemetryEvent | null;
  loggerId: number | null;
  deviceId: number | null;
}

/** Reads and checks a file of transactions for a company: everything the preview shows and the write needs. */
async function check(db: Db, _ctx: RequestContext, input: ImportInput, companyId: number) {
  // One instant for the file: what is ahead of it, and the ingestion's receipt time.
  const now = new Date();
  const file = await readImportFile(transactionImportColumns, input);
  const names = file.rows.flatMap((r) => (r.values.device ? [nameKey(r.values.device)] : []));
  // A device by its name, or by its logger's IMEI or serial number; with the logger it stands on now.
  const found = await idsByName(
    db,
    (list) => sql`
      select distinct on (name, id) name, id from (
        select lower(d.name) as name, d.id from devices d where d.company_id = ${companyId} and lower(d.name) in ${list}
        union all
        select lower(l.imei), d.id from loggers l join devices d on d.logger_id = l.id where l.company_id = ${companyId} and lower(l.imei) in ${list}
        union all
        select lower(l.serial), d.id from loggers l join devices d on d.logger_id = l.id where l.company_id = ${companyId} and lower(l.serial) in ${list}
      ) x`,
    names,
  );
  const loggerOf = new Map(
    rowsOf<{ id: number; logger_id: number | null }>(
      await db.execute(
        sql`select id, logger_id from devices where company_id = ${companyId} and id in (select jsonb_array_elements_text(${JSON.stringify(
          [...found.values()].flat(),
        )}::jsonb)::int)`,
      ),
    ).map((r) => [Number(r.id), r.logger_id === null ? null : Number(r.logger_id)]),
  );
  const types = new Set<string>(transactionTypes);

  const rows: TransactionRow[] = file.rows.map((row) => {
    const v = row.values;
    let deviceId: number | null = null;
    let loggerId: number | null = null;
    const ids = v.device ? found.get(nameKey(v.device)) : undefined;
    if (v.device && !ids?.length) row.errors.push({ field: 'device', code: 'device_unknown', params: { value: v.device } });
    else if (ids && ids.length > 1) row.errors.push({ field: 'device', code: 'name_ambiguous', params: { value: v.device } });
    else if (ids?.[0] !== undefined) {
      deviceId = ids[0];
      loggerId = loggerOf.get(deviceId) ?? null;
      if (loggerId === null) row.errors.push({ field: 'device', code: 'device_no_logger', params: { value: v.device } });
    }

    const type = choice(v.type, transactionImportTypeAliases, true) ?? '';
    const body: Record<string, unknown> = { seq: v.id ? historySeq(v.id) : undefined, at: v.time ? eventTime(v.time) : '', type };
    if (!types.has(type)) {
      row.errors.push({ field: 'type', code: 'choice', params: { values: transactionTypes.join(', ') } });
      return { ...row, event: null, loggerId, deviceId };
    }
    const count = v.count ? (/^\d+$/.test(v.count) ? Number(v.count) : v.count) : undefined;
    if (counted.has(type) && count !== undefined) body.count = count;
    if (valued.has(type)) {
      const cents = euroCents(v.amount);
      // Coins and notes: the row's amount is the whole of them, the event's value one of them.
      if ((type === 'coin' || type === 'note') && typeof cents === 'number' && typeof count === 'number' && count > 1) {
        if (cents % count !== 0) row.errors.push({ field: 'amount', code: 'amount_per_count', params: { amount: v.amount, count } });
        body.valueCents = cents % count === 0 ? cents / count : cents;
      } else body.valueCents = cents;
    }
    if (type === 'card') body.cardUid = v.card ?? '';
    const event = validateRow(telemetryEvent, body, row.errors, columnOf);
    // A time ahead of now is no history (a logger's would be clamped to its receipt).
    if (event && Date.parse(event.at) > now.getTime() + FUTURE_TOLERANCE_MS) row.errors.push({ field: 'time', code: 'in_future' });
    return { ...row, event: row.errors.length ? null : event, loggerId, deviceId };
  });
  uniqueInFile(rows, 'id');
  for (const row of rows) if (row.errors.length) row.event = null;
  return { file, rows, now };
}

/** A device's logger changed between the check and the write: the import fails rather than store events under the wrong logger. */
class LoggerChanged extends Error {}

function failureOf(_error: unknown): { code: ProblemCode; params: Record<string, unknown> } {
  return { code: 'import_write_failed', params: {} };
}

/** A row to write: its event, for its device's logger. */
interface ValidEvent {
  event: TelemetryEvent;
  loggerId: number;
  deviceId: number;
}

/** Events of one ingestion call: a logger's batch holds at most this many (the wire format's limit). */
const CHUNK = 1000;

/** The valid rows written through the ingestion, a logger's events at a time (the import's transaction). */
async function write(tx: Tx, _ctx: RequestContext, valid: ValidEvent[], companyId: number, { now }: Awaited<ReturnType<typeof check>>) {
  const byLogger = new Map<number, { deviceId: number; events: TelemetryEvent[] }>();
  for (const { event, loggerId, deviceId } of valid) {
    const entry = byLogger.get(loggerId) ?? { deviceId, events: [] };
    entry.events.push(event);
    byLogger.set(loggerId, entry);
  }
  const pairs = [...byLogger].map(([loggerId, e]) => `${e.deviceId}:${loggerId}`);
  const [still] = rowsOf<{ n: number }>(
    await tx.execute(
      sql`select count(*)::int as n from devices where company_id = ${companyId} and (id || ':' || logger_id) in ${jsonList(pairs)}`,
    ),
  );
  if (Number(still?.n) !== pairs.length) throw new LoggerChanged();
  let written = 0;
  for (const [loggerId, { events }] of byLogger) {
    events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.seq - b.seq);
    for (let i = 0; i < events.length; i += CHUNK) {
      const answer = await ingestHistory(tx, { id: loggerId, companyId }, events.slice(i, i + CHUNK), now);
      written += answer.accepted;
    }
  }
  return written;
}

/**
 * Historical transactions from a file into a company: the preview (`confirm` false, nothing written),
 * or the valid rows written through the telemetry ingestion, in one transaction with the import's
 * record. `rowsWritten` counts the events stored: a row already imported (its id stored for its
 * device's logger) is acknowledged and not written again.
 */
export const importTransactions = importOf({
  kind: 'transactions',
  check,
  valid: ({ event, loggerId, deviceId }: TransactionRow): ValidEvent | null =>
    event && loggerId !== null && deviceId !== null ? { event, loggerId, deviceId } : null,
  write,
  failure: failureOf,
});
