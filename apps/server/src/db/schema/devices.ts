import type { DeviceGroup, FiscalizeMode } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, createdAtColumn, idColumn } from './columns.ts';
import { locations } from './locations.ts';
import { loggers } from './loggers.ts';
import { users } from './users.ts';

export const devices = pgTable(
  'devices',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    group: text().$type<DeviceGroup>().notNull(),
    loggerId: integer().references(() => loggers.id, { onDelete: 'restrict' }),
    locationId: integer().references(() => locations.id, { onDelete: 'restrict' }),
    locationSince: timestamp({ withTimezone: true }),
    playPriceCents: integer().notNull().default(100),
    tokenValueCents: integer().notNull().default(100),
    tagIds: integer().array().notNull().default([]),
    premisesLabel: text(),
    isuNumber: text(),
    fiscalize: text().$type<FiscalizeMode>().notNull().default('inherit'),
    /** What the cash box holds when full, in cents (the logistic report's forecast); null: not told. */
    cashBoxCapacityCents: integer(),
    /** The machine's and its control board's serial numbers (an audit's ID101, CB101; docs/rules.md "Machine audits"). */
    machineSerial: text(),
    boardSerial: text(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('devices_company_idx').on(t.companyId),
    index('devices_location_idx').on(t.locationId),
    uniqueIndex('devices_logger_key').on(t.loggerId),
    index('devices_tags_idx').using('gin', t.tagIds),
    // A serial names one device of a company: an audit is matched to it (docs/rules.md "Machine audits").
    uniqueIndex('devices_machine_serial_key').on(t.companyId, t.machineSerial).where(sql`machine_serial is not null`),
    uniqueIndex('devices_board_serial_key').on(t.companyId, t.boardSerial).where(sql`board_serial is not null`),
  ],
);
export type DeviceRow = typeof devices.$inferSelect;

/** Where a device stood and when (docs/rules.md "Master data", devices): revenue stays with the location it was earned at. */
export const devicePlacements = pgTable(
  'device_placements',
  {
    id: idColumn(),
    companyId: companyColumn(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    fromAt: timestamp({ withTimezone: true }).notNull(),
    toAt: timestamp({ withTimezone: true }),
    movedById: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('device_placements_device_idx').on(t.deviceId, t.fromAt), index('device_placements_location_idx').on(t.locationId)],
);
export type DevicePlacementRow = typeof devicePlacements.$inferSelect;
