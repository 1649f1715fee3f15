import type { HoldRule, HoldStatus, TelemetryEvent } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn } from './columns.ts';
import { devices } from './devices.ts';
import { locations } from './locations.ts';
import { loggers } from './loggers.ts';
import { users } from './users.ts';

/**
 * Every event a logger sent, as received (decision 0007): `(logger, seq)` is unique, so a resent event
 * is acknowledged and ignored. Each is attributed at ingestion to the device the logger was fitted to
 * and the location the device stood at, at the event's time. `amount_cents` is the money the event
 * stands for (coins × value, a card payment, tokens × their value then); `test` marks payments during
 * service mode.
 *
 * Partitioned by month of `at` (decision 0059, migration 0041, written by hand: drizzle cannot declare
 * it), so raw events past their retention go as a partition drop (docs/rules.md "Retention"). What
 * this declaration cannot say: there is no primary key, and `(logger, seq)` and `id` are unique per
 * partition (their indexes are each partition's own, made with it by `telemetry_events_add_month`);
 * `(logger, seq)` is kept unique across partitions by ingestion, under the logger's row lock.
 */
export const telemetryEvents = pgTable(
  'telemetry_events',
  {
    // A sequence, not an identity column: PostgreSQL before 17 allows none on a partitioned table.
    id: bigint({ mode: 'number' }).notNull().default(sql`nextval('telemetry_events_id_seq')`),
    // No foreign keys on this table: checking four of them per row cost PostgreSQL more than the rest
    // of the insert (decision 0007). Ingestion takes the ids from rows it holds locked, and the deletes
    // of a logger or device lock the logger row before they count its events.
    companyId: integer().notNull(),
    loggerId: integer().notNull(),
    deviceId: integer(),
    locationId: integer(),
    seq: bigint({ mode: 'number' }).notNull(),
    type: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** The logger's own time when it was more than 5 minutes ahead and replaced by the receipt time. */
    reportedAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    amountCents: integer().notNull().default(0),
    count: integer().notNull().default(0),
    test: boolean().notNull().default(false),
    data: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    index('telemetry_events_device_at_idx').on(t.deviceId, t.at),
    // Keyset pages (`at desc, id desc`, decision 0010) read this index in order, ties included.
    index('telemetry_events_company_at_idx').on(t.companyId, t.at, t.id),
    // The same pages in the All Companies view, which names no company (decision 0015).
    index('telemetry_events_at_idx').on(t.at, t.id),
  ],
);

/**
 * The sums a rollup row keeps, the same in the daily and the monthly rollup (docs/rules.md, "Revenue
 * and VAT"): card plays apart as paid credit (`card_cents`, revenue) and bonus (`card_bonus_cents`, not
 * revenue); the VAT of the payments billed at the machine (coins, notes, cashless: `vat_cents`) and the
 * VAT already charged when the credit and tokens played were sold (`sale_vat_cents`), each summed per
 * payment as its bill rounds it, 0 for a company outside the VAT system.
 */
const rollupSums = () => ({
  coinsCents: bigint({ mode: 'number' }).notNull().default(0),
  notesCents: bigint({ mode: 'number' }).notNull().default(0),
  cashlessCents: bigint({ mode: 'number' }).notNull().default(0),
  cardCents: bigint({ mode: 'number' }).notNull().default(0),
  cardBonusCents: bigint({ mode: 'number' }).notNull().default(0),
  vatCents: bigint({ mode: 'number' }).notNull().default(0),
  saleVatCents: bigint({ mode: 'number' }).notNull().default(0),
  tokens: bigint({ mode: 'number' }).notNull().default(0),
  tokensCents: bigint({ mode: 'number' }).notNull().default(0),
  plays: bigint({ mode: 'number' }).notNull().default(0),
  testPlays: bigint({ mode: 'number' }).notNull().default(0),
  testCents: bigint({ mode: 'number' }).notNull().default(0),
  freeRides: bigint({ mode: 'number' }).notNull().default(0),
  resets: bigint({ mode: 'number' }).notNull().default(0),
  prizesOut: bigint({ mode: 'number' }).notNull().default(0),
  events: bigint({ mode: 'number' }).notNull().default(0),
});

/** Where a rollup row's sums were taken: the company, the device, and the location it stood at. */
const rollupPlace = () => ({
  companyId: companyColumn(),
  deviceId: integer()
    .notNull()
    .references(() => devices.id, { onDelete: 'restrict' }),
  locationKey: integer().notNull(),
  locationId: integer().references(() => locations.id, { onDelete: 'restrict' }),
});

/**
 * Per device, location and business day (Europe/Zagreb), kept current by ingestion so reports never
 * scan raw events. `location_key` is the location id, or 0 for a device standing nowhere.
 */
export const deviceDaily = pgTable('device_daily', { ...rollupPlace(), day: date({ mode: 'string' }).notNull(), ...rollupSums() }, (t) => [
  primaryKey({ columns: [t.deviceId, t.day, t.locationKey] }),
  // With the device: a company's devices per day are counted from the index alone (the finance report by device).
  index('device_daily_company_day_device_idx').on(t.companyId, t.day, t.deviceId),
  index('device_daily_location_day_idx').on(t.locationKey, t.day),
  // The All Companies view reads a range of days of every company.
  index('device_daily_day_idx').on(t.day),
]);

/**
 * The daily rollup summed per calendar month (`month` is its first day), kept current by ingestion in
 * the same statement as the daily rows (decision 0015): a year's report reads 12 rows a device, not 365.
 */
export const deviceMonthly = pgTable(
  'device_monthly',
  { ...rollupPlace(), month: date({ mode: 'string' }).notNull(), ...rollupSums() },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.month, t.locationKey] }),
    // With the device, as the daily rollup's: a company's devices per month counted from the index alone.
    index('device_monthly_company_month_device_idx').on(t.companyId, t.month, t.deviceId),
    index('device_monthly_month_idx').on(t.month),
    index('device_monthly_location_month_idx').on(t.locationKey, t.month),
  ],
);

/** Where a location rollup row's sums were taken: the company and the location (`location_key` 0: standing nowhere). */
const locationPlace = () => ({
  companyId: companyColumn(),
  locationKey: integer().notNull(),
  locationId: integer().references(() => locations.id, { onDelete: 'restrict' }),
  /** The device rollup rows summed into this one (its devices, a device moved that day counted at each place). */
  devices: integer().notNull().default(0),
});

/**
 * The device rollups summed per location (decision 0022), kept current by ingestion in the same
 * statement: the money reports by location, lessor and company, their totals and the rent read a fifth
 * of the rows (a location has several devices).
 */
export const locationDaily = pgTable(
  'location_daily',
  { ...locationPlace(), day: date({ mode: 'string' }).notNull(), ...rollupSums() },
  (t) => [
    primaryKey({ columns: [t.companyId, t.day, t.locationKey] }),
    index('location_daily_location_day_idx').on(t.locationKey, t.day),
    index('location_daily_day_idx').on(t.day),
  ],
);

/** `location_daily` per calendar month (`month` is its first day). */
export const locationMonthly = pgTable(
  'location_monthly',
  { ...locationPlace(), month: date({ mode: 'string' }).notNull(), ...rollupSums() },
  (t) => [
    primaryKey({ columns: [t.companyId, t.month, t.locationKey] }),
    index('location_monthly_location_month_idx').on(t.locationKey, t.month),
    index('location_monthly_month_idx').on(t.month),
  ],
);

/** A device's operational state, derived from its events in the same transaction. */
export const deviceState = pgTable('device_state', {
  deviceId: integer()
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  companyId: companyColumn(),
  lastEventAt: timestamp({ withTimezone: true }),
  serviceMode: boolean().notNull().default(false),
  serviceSince: timestamp({ withTimezone: true }),
  critical: boolean().notNull().default(false),
  criticalCode: text(),
  criticalSince: timestamp({ withTimezone: true }),
  /** Money and tokens in the box since the last emptying, as telemetry counted them. */
  boxCents: bigint({ mode: 'number' }).notNull().default(0),
  boxTokens: bigint({ mode: 'number' }).notNull().default(0),
  /** Paid credit not yet worth a whole play. */
  creditCents: integer().notNull().default(0),
  lastEmptiedAt: timestamp({ withTimezone: true }),
  signal: integer(),
  firmware: text(),
});

// Why a batch was held (`HoldRule`: one payment past the burst, or a stretch of payments past the
// burst plus the rate) and where it stands (`HoldStatus`: waiting for a person; released, its events
// were counted; discarded, they never will be): named in the contract's `telemetry-holds.ts`.

/**
 * A batch whose money is implausible for its device (docs/rules.md "Plausibility"): acknowledged to the
 * logger and kept, event by event, in `telemetry_held_events`, but counted nowhere (no rollup, box,
 * bill or card debit) until a person releases it, which ingests its events then, or discards it, which
 * keeps them as they are. While a device has one held, it is critical (`implausible`).
 */
export const telemetryHolds = pgTable(
  'telemetry_holds',
  {
    id: idColumn(),
    companyId: companyColumn(),
    // No action (not restrict): a delete of the device or the logger that counted no other use is
    // refused as a row in use (23503, a 409), and the held batch is kept.
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'no action' }),
    loggerId: integer()
      .notNull()
      .references(() => loggers.id, { onDelete: 'no action' }),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    rule: text().$type<HoldRule>().notNull(),
    /** The payment at which the rule was broken. */
    seq: bigint({ mode: 'number' }).notNull(),
    /** The money of the stretch that broke it (the payment alone for `payment`), and what it may hold. */
    valueCents: bigint({ mode: 'number' }).notNull(),
    limitCents: bigint({ mode: 'number' }).notNull(),
    /** The batch's new events and the money of its payments. */
    events: integer().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    status: text().$type<HoldStatus>().notNull().default('held'),
    decidedAt: timestamp({ withTimezone: true }),
    decidedById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Why, in the words of who decided (optional). */
    decisionNote: text(),
  },
  (t) => [
    index('telemetry_holds_held_idx').on(t.deviceId).where(sql`status = 'held'`),
    index('telemetry_holds_company_idx').on(t.companyId, t.receivedAt),
  ],
);

/**
 * The events of a held batch, as the logger sent them (`event`, validated) and at the time they were
 * applied at. `(logger, seq)` is unique here too, and ingestion reads these seqs with the stored ones:
 * a resend of a held event is a duplicate. Released events move to `telemetry_events`; discarded ones stay.
 */
export const telemetryHeldEvents = pgTable(
  'telemetry_held_events',
  {
    holdId: integer()
      .notNull()
      .references(() => telemetryHolds.id, { onDelete: 'cascade' }),
    loggerId: integer().notNull(),
    seq: bigint({ mode: 'number' }).notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    reportedAt: timestamp({ withTimezone: true }),
    event: jsonb().$type<TelemetryEvent>().notNull(),
  },
  (t) => [uniqueIndex('telemetry_held_events_logger_seq_key').on(t.loggerId, t.seq), index('telemetry_held_events_hold_idx').on(t.holdId)],
);

/**
 * The sums of events that came for a closed month (docs/rules.md "Month close"): counted in the first
 * open month after it, on its first day, in the rollups above, and kept here too, by the month they
 * belong to (`of_month`) and the month they were counted in (`month`), so a report of that month shows
 * them as adjustments naming their month. Written by ingestion in the batch's statement.
 */
export const rollupAdjustments = pgTable(
  'rollup_adjustments',
  { ...rollupPlace(), month: date({ mode: 'string' }).notNull(), ofMonth: date({ mode: 'string' }).notNull(), ...rollupSums() },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.month, t.ofMonth, t.locationKey] }),
    index('rollup_adjustments_company_month_idx').on(t.companyId, t.month),
  ],
);
