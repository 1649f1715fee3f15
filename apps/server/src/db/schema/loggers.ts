import type { LoggerTransport } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, createdAtColumn, idColumn } from './columns.ts';

/**
 * IoT loggers. The ingestion credential is kept only as a SHA-256 hash: it is a random 256-bit
 * secret, so a slow password hash would add nothing but cost on every telemetry batch.
 */
export const loggers = pgTable(
  'loggers',
  {
    id: idColumn(),
    companyId: companyColumn(),
    imei: text().notNull(),
    serial: text(),
    firmware: text(),
    simNumber: text(),
    credentialHash: text().notNull(),
    credentialIssuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }),
    /** How the last batch the logger sent came (at `lastSeenAt`): `http` or `mqtt`. */
    lastTransport: text().$type<LoggerTransport>(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loggers_imei_key').on(t.imei),
    uniqueIndex('loggers_credential_key').on(t.credentialHash),
    index('loggers_company_idx').on(t.companyId),
    check('loggers_last_transport_check', sql`${t.lastTransport} in ('http', 'mqtt')`),
  ],
);
export type LoggerRow = typeof loggers.$inferSelect;
