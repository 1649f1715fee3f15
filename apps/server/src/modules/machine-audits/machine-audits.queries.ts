import type { MachineAuditCounters } from '@kovanica/contract';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { badQuery, type CollectionColumns, type DerivedFilter } from '../../core/collection.ts';
import type { Db, Tx } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { devices, machineAudits, type StoredAuditProduct } from '../../db/schema/index.ts';

/** `?assigned=true`: audits matched to a device; `false`: those waiting to be assigned. Read as every boolean filter. */
const assignedFilter: DerivedFilter = {
  derived: (values, param) => {
    if (!['true', '1', 'false', '0'].includes(values[0] ?? '')) throw badQuery(param);
    return values[0] === 'true' || values[0] === '1' ? isNotNull(machineAudits.deviceId) : isNull(machineAudits.deviceId);
  },
};

/** The list's filters and orders on the table's columns. */
export const machineAuditColumns: CollectionColumns = {
  id: machineAudits.id,
  device: machineAudits.deviceId,
  company: machineAudits.companyId,
  assigned: assignedFilter,
  machineSerial: machineAudits.machineSerial,
  fileName: machineAudits.fileName,
  auditedAt: machineAudits.auditedAt,
  receivedAt: machineAudits.receivedAt,
};

/**
 * The audit before this one of the same device (by `auditedAt`, then id), as JSON (times as text), with
 * what the rest of the product knows of the span between them (docs/rules.md "Machine audits"):
 * - `telemetryCents`: the device's payments in [previous, this) as its telemetry counted them (coins,
 *   notes, cashless, cards, tokens; test plays not), the revenue's own parts; `telemetry`: whether the
 *   device has telemetry at all (a logger now, or events before this audit);
 * - `countedCents`: the coins and notes the deposits of the device's emptyings in [previous, this)
 *   counted, `deposits` how many there are and `uncounted` how many still wait for their count;
 * - `toleranceCents`: the company's deposit tolerance.
 */
export interface PreviousJson {
  id: number;
  auditedAt: string;
  machineSerial: string | null;
  counters: MachineAuditCounters;
  products: StoredAuditProduct[];
  telemetry: boolean;
  telemetryCents: number | string;
  countedCents: number | string;
  deposits: number;
  uncounted: number;
  toleranceCents: number;
}

/**
 * An audit's names and its previous audit with the span's figures (`PreviousJson`), read with it: one
 * statement for a whole page, each row's previous found along `machine_audits_device_at_idx`.
 */
export const machineAuditExtras = () => {
  const self = {
    id: outer(machineAudits.id),
    deviceId: outer(machineAudits.deviceId),
    companyId: outer(machineAudits.companyId),
    auditedAt: outer(machineAudits.auditedAt),
  };
  return {
    deviceName: sql<string | null>`(select ${devices.name} from ${devices} where ${devices.id} = ${self.deviceId})`,
    receivedByName: sql<string | null>`(select u.name || ' ' || u.surname from users u where u.id = ${outer(machineAudits.receivedById)})`,
    // The device's planogram now (docs/rules.md "Planograms and audit sales"): selection → its article.
    planogram: sql<Record<
      string,
      { id: number; name: string }
    > | null>`(select json_object_agg(s.selection, json_build_object('id', a.id, 'name', a.name))
      from planogram_selections s join articles a on a.id = s.article_id where s.device_id = ${self.deviceId})`,
    previous: sql<PreviousJson | null>`(select json_build_object(
        'id', p.id, 'auditedAt', p.audited_at, 'machineSerial', p.machine_serial, 'counters', p.counters, 'products', p.products,
        'telemetry', exists (select 1 from devices d where d.id = p.device_id and d.logger_id is not null)
          or exists (select 1 from telemetry_events e where e.device_id = p.device_id and e.at < ${self.auditedAt}),
        'telemetryCents', (select coalesce(sum(e.amount_cents), 0) from telemetry_events e
          where e.device_id = p.device_id and e.type in ('coin', 'note', 'cashless', 'card', 'token') and not e.test
            and e.at >= p.audited_at and e.at < ${self.auditedAt}),
        'countedCents', (select coalesce(sum(dp.deposit_coins_cents), 0) from deposits dp
          where dp.device_id = p.device_id and dp.at >= p.audited_at and dp.at < ${self.auditedAt}),
        'deposits', (select count(*) from deposits dp where dp.device_id = p.device_id and dp.at >= p.audited_at and dp.at < ${self.auditedAt}),
        'uncounted', (select count(*) from deposits dp where dp.device_id = p.device_id and dp.at >= p.audited_at and dp.at < ${self.auditedAt}
          and dp.deposit_coins_cents is null),
        'toleranceCents', (select c.deposit_tolerance_cents from companies c where c.id = ${self.companyId}))
      from machine_audits p
      where p.device_id = ${self.deviceId} and (p.audited_at < ${self.auditedAt} or (p.audited_at = ${self.auditedAt} and p.id < ${self.id}))
      order by p.audited_at desc, p.id desc limit 1)`,
  };
};

/** The audit a company already has of this content (the same file again), if any. */
export async function auditOfHash(db: Db | Tx, companyId: number, contentHash: string): Promise<number | null> {
  const [row] = await db
    .select({ id: machineAudits.id })
    .from(machineAudits)
    .where(and(eq(machineAudits.companyId, companyId), eq(machineAudits.contentHash, contentHash)));
  return row?.id ?? null;
}

/**
 * The device of a company an audit's serials name (docs/rules.md "Machine audits"): the one whose
 * machine serial is the audit's ID101, else the one whose board serial is its CB101; null: none.
 */
export async function deviceOfSerials(
  db: Db | Tx,
  companyId: number,
  serials: { machineSerial: string | null; boardSerial: string | null },
): Promise<number | null> {
  for (const [column, value] of [
    [devices.machineSerial, serials.machineSerial],
    [devices.boardSerial, serials.boardSerial],
  ] as const) {
    if (!value) continue;
    const [row] = await db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.companyId, companyId), eq(column, value)));
    if (row) return row.id;
  }
  return null;
}

/** The device a logger is fitted to (a gateway's audit is that device's), with its company. */
export async function deviceOfLogger(db: Db, loggerId: number): Promise<number | null> {
  const [row] = await db.select({ id: devices.id }).from(devices).where(eq(devices.loggerId, loggerId));
  return row?.id ?? null;
}

/** An audit's raw file: its name and its text as received. */
export async function auditFile(db: Db, id: number) {
  const [row] = await db
    .select({ fileName: machineAudits.fileName, content: machineAudits.content })
    .from(machineAudits)
    .where(eq(machineAudits.id, id));
  return row ?? null;
}
