import type { MaintenanceType } from '@kovanica/contract';
import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { companyColumn, createdAtColumn, idColumn } from './columns.ts';
import { devices } from './devices.ts';
import { users } from './users.ts';

/** Maintenance records of devices; a device with records keeps them (the delete is refused). */
export const maintenance = pgTable(
  'maintenance',
  {
    id: idColumn(),
    companyId: companyColumn(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'restrict' }),
    date: date({ mode: 'string' }).notNull(),
    type: text().$type<MaintenanceType>().notNull(),
    description: text().notNull(),
    costCents: integer().notNull().default(0),
    performedById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('maintenance_device_date_idx').on(t.deviceId, t.date), index('maintenance_company_date_idx').on(t.companyId, t.date)],
);
