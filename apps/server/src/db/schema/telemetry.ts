import type { CommandType } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { devices } from './devices.ts';
import { locations } from './locations.ts';
import { loggers } from './loggers.ts';
import { users } from './users.ts';

/**
 * Every event a logger sent, as received (domain.md §5): `(logger, seq)` is unique, so a resent event
 * is acknowledged and ignored. Each is attributed at ingestion to the device the logger was fitted to
 * and the location the device stood at, at the event's time. `amount_cents` is the money the event
 * stands for (coins × value, a card payment, tokens × their value then); `test` marks payments during
 * service mode.
 */
export const telemetryEvents = pgTable(
  'telemetry_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
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
    uniqueIndex('telemetry_events_logger_seq_key').on(t.loggerId, t.seq),
    index('telemetry_events_device_at_idx').on(t.deviceId, t.at),
    // Keyset pages (`at desc, id desc`, decision 0010) read this index in order, ties included.
    index('telemetry_events_company_at_idx').on(t.companyId, t.at, t.id),
  ],
);

/**
 * Per device, location and business day (Europe/Zagreb), kept current by ingestion so reports never
 * scan raw events. `location_key` is the location id, or 0 for a device standing nowhere.
 */
export const deviceDaily = pgTable(
  'device_daily',
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'restrict' }),
    locationKey: integer().notNull(),
    locationId: integer().references(() => locations.id, { onDelete: 'restrict' }),
    day: date({ mode: 'string' }).notNull(),
    coinsCents: bigint({ mode: 'number' }).notNull().default(0),
    notesCents: bigint({ mode: 'number' }).notNull().default(0),
    cashlessCents: bigint({ mode: 'number' }).notNull().default(0),
    cardCents: bigint({ mode: 'number' }).notNull().default(0),
    tokens: bigint({ mode: 'number' }).notNull().default(0),
    tokensCents: bigint({ mode: 'number' }).notNull().default(0),
    plays: bigint({ mode: 'number' }).notNull().default(0),
    testPlays: bigint({ mode: 'number' }).notNull().default(0),
    testCents: bigint({ mode: 'number' }).notNull().default(0),
    freeRides: bigint({ mode: 'number' }).notNull().default(0),
    resets: bigint({ mode: 'number' }).notNull().default(0),
    prizesOut: bigint({ mode: 'number' }).notNull().default(0),
    events: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.day, t.locationKey] }),
    index('device_daily_company_day_idx').on(t.companyId, t.day),
    index('device_daily_location_day_idx').on(t.locationKey, t.day),
  ],
);

/** A device's operational state, derived from its events in the same transaction. */
export const deviceState = pgTable('device_state', {
  deviceId: integer()
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  companyId: integer()
    .notNull()
    .references(() => companies.id, { onDelete: 'restrict' }),
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

/** Service-mode sessions: payments inside one are test plays. */
export const serviceSessions = pgTable(
  'service_sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    plays: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('service_sessions_device_idx').on(t.deviceId, t.startedAt),
    index('service_sessions_company_idx').on(t.companyId, t.startedAt),
  ],
);

/** Critical episodes: from a critical alarm until it is cleared. */
export const criticalEpisodes = pgTable(
  'critical_episodes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('critical_episodes_device_idx').on(t.deviceId, t.startedAt),
    index('critical_episodes_company_idx').on(t.companyId, t.startedAt),
  ],
);

/**
 * Emptyings (discharges): each closes a cash period, with the device's own counters and what
 * telemetry counted since the previous one; the deposit is made from it.
 */
export const emptyings = pgTable(
  'emptyings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    locationId: integer().references(() => locations.id, { onDelete: 'restrict' }),
    at: timestamp({ withTimezone: true }).notNull(),
    periodStart: timestamp({ withTimezone: true }),
    countedCents: bigint({ mode: 'number' }).notNull(),
    countedTokens: bigint({ mode: 'number' }).notNull(),
    deviceCoinsCents: bigint({ mode: 'number' }),
    deviceTokens: bigint({ mode: 'number' }),
    eventId: bigint({ mode: 'number' }),
  },
  (t) => [index('emptyings_device_idx').on(t.deviceId, t.at), index('emptyings_company_idx').on(t.companyId, t.at)],
);

/** Remote commands for a logger: pending, delivered with a batch answer, then done or failed. */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    loggerId: integer()
      .notNull()
      .references(() => loggers.id, { onDelete: 'restrict' }),
    deviceId: integer().references(() => devices.id, { onDelete: 'cascade' }),
    type: text().$type<CommandType>().notNull(),
    reason: text(),
    status: text().$type<'pending' | 'delivered' | 'done' | 'failed'>().notNull().default('pending'),
    requestedById: integer().references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
    doneAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('device_commands_pending_idx').on(t.loggerId).where(sql`status = 'pending'`)],
);

/**
 * A deposit per emptying (domain.md §7): what telemetry counted (reported), what a worker counted and
 * handed in (deposit), and its verification. Verified deposits are never changed.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
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
    note: text(),
    reportedById: integer().references(() => users.id, { onDelete: 'set null' }),
    reportedAt: timestamp({ withTimezone: true }),
    verifiedById: integer().references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deposits_emptying_key').on(t.emptyingId),
    index('deposits_company_at_idx').on(t.companyId, t.at),
    // A device's last verified deposit (its state's `deposit_difference`).
    index('deposits_device_at_idx').on(t.deviceId, t.at),
    index('deposits_unverified_idx').on(t.companyId).where(sql`verified_at is null`),
  ],
);
