import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn } from './columns.ts';
import { devices } from './devices.ts';
import { locations } from './locations.ts';
import { users } from './users.ts';

/** Service-mode sessions: payments inside one are test plays. */
export const serviceSessions = pgTable(
  'service_sessions',
  {
    id: idColumn(),
    companyId: companyColumn(),
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
    index('service_sessions_started_idx').on(t.startedAt, t.id),
  ],
);

/** Critical episodes: from a critical alarm until it is cleared. */
export const criticalEpisodes = pgTable(
  'critical_episodes',
  {
    id: idColumn(),
    companyId: companyColumn(),
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
    index('critical_episodes_started_idx').on(t.startedAt, t.id),
  ],
);

/**
 * Emptyings (discharges): each closes a cash period, with the device's own counters and what
 * telemetry counted since the previous one; the deposit is made from it.
 */
export const emptyings = pgTable(
  'emptyings',
  {
    id: idColumn(),
    companyId: companyColumn(),
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
    /** The person who recorded it at a visit's stop (docs/rules.md "Visits"); null: its logger reported it. */
    recordedById: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('emptyings_device_idx').on(t.deviceId, t.at),
    index('emptyings_company_idx').on(t.companyId, t.at),
    index('emptyings_at_idx').on(t.at, t.id),
  ],
);
