import type { CommandType } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn } from './columns.ts';
import { devices } from './devices.ts';
import { loggers } from './loggers.ts';
import { users } from './users.ts';

/** Remote commands for a logger: pending, delivered with a batch answer, then done or failed. */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: idColumn(),
    companyId: companyColumn(),
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
