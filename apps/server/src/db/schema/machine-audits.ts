import type { MachineAuditBlock, MachineAuditCounters, MachineAuditEvent, MachineAuditSource } from '@kovanica/contract';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn } from './columns.ts';
import { devices } from './devices.ts';
import { loggers } from './loggers.ts';
import { users } from './users.ts';

/** A selection of an audit as stored: the file's figures (the planogram's article is read, not stored). */
export interface StoredAuditProduct {
  selection: string;
  priceCents: number | null;
  paidVends: number | null;
  paidCents: number | null;
  testVends: number | null;
  freeVends: number | null;
}

/**
 * A machine audit (docs/rules.md "Machine audits"): an EVA-DTS file as received (`content`), what the
 * reader made of it (counters, selections, events, segments), and the device it is matched to (null:
 * waiting to be assigned). `contentHash` is the SHA-256 of the text with its line ends made `\n` and its
 * trailing blanks dropped: the same file sent again (another channel, a retry) is the same audit, once
 * per company (`machine_audits_company_hash_key`).
 */
export const machineAudits = pgTable(
  'machine_audits',
  {
    id: idColumn(),
    companyId: companyColumn(),
    deviceId: integer().references(() => devices.id, { onDelete: 'set null' }),
    fileName: text().notNull(),
    source: text().$type<MachineAuditSource>().notNull(),
    content: text().notNull(),
    contentHash: text().notNull(),
    machineSerial: text(),
    boardSerial: text(),
    machineModel: text(),
    currency: text(),
    counters: jsonb().$type<MachineAuditCounters>().notNull(),
    products: jsonb().$type<StoredAuditProduct[]>().notNull().default([]),
    events: jsonb().$type<MachineAuditEvent[]>().notNull().default([]),
    blocks: jsonb().$type<MachineAuditBlock[]>().notNull().default([]),
    /** The machine's own clock (ID5), else when it came in. */
    auditedAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    receivedById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The gateway's logger it came through (source `gateway`). */
    loggerId: integer().references(() => loggers.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('machine_audits_company_hash_key').on(t.companyId, t.contentHash),
    // A device's audits in time order: the span of each from the one before it.
    index('machine_audits_device_at_idx').on(t.deviceId, t.auditedAt, t.id),
    index('machine_audits_company_at_idx').on(t.companyId, t.auditedAt),
  ],
);
export type MachineAuditRow = typeof machineAudits.$inferSelect;
