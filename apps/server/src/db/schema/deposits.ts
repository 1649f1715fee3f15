import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn } from './columns.ts';
import { emptyings } from './device-history.ts';
import { devices } from './devices.ts';
import { locations } from './locations.ts';
import { users } from './users.ts';

/**
 * A deposit per emptying (docs/rules.md "Telemetry, devices in operation, deposits"): what telemetry counted
 * (reported), what a worker counted and handed in (deposit) with the worker's note, and its verification with
 * the verifier's note. Verified deposits are never changed.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: idColumn(),
    companyId: companyColumn(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    locationId: integer().references(() => locations.id, { onDelete: 'restrict' }),
    emptyingId: integer()
      .notNull()
      .references(() => emptyings.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull(),
    reportedCoinsCents: bigint({ mode: 'number' }).notNull(),
    reportedTokens: bigint({ mode: 'number' }).notNull(),
    depositCoinsCents: bigint({ mode: 'number' }),
    depositTokens: bigint({ mode: 'number' }),
    /** The worker's note, written with the count. */
    note: text(),
    /** The verifier's note, written only by verifying (needed past the company's tolerance). */
    verificationNote: text(),
    reportedById: integer().references(() => users.id, { onDelete: 'set null' }),
    reportedAt: timestamp({ withTimezone: true }),
    verifiedById: integer().references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp({ withTimezone: true }),
    /**
     * The Idempotency-Key of the last count sent with one (docs/rules.md "Visits"): that count sent again
     * answers the deposit as it is, nothing written. A count without a key leaves it. Null: none yet.
     */
    reportKey: text(),
  },
  (t) => [
    uniqueIndex('deposits_emptying_key').on(t.emptyingId),
    index('deposits_company_at_idx').on(t.companyId, t.at),
    index('deposits_at_idx').on(t.at, t.id),
    // A device's deposits by time (the deposits list filtered to a device).
    index('deposits_device_at_idx').on(t.deviceId, t.at),
    index('deposits_unverified_idx').on(t.companyId).where(sql`verified_at is null`),
    // A device's last verified deposit (its state: a deposit short of the tolerance makes it
    // problematic), found at once where a device has many deposits still to verify.
    index('deposits_device_verified_idx').on(t.deviceId, t.at).where(sql`verified_at is not null`),
  ],
);
