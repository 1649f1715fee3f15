import type { Role } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, createdAtColumn, idColumn } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    companyId: companyColumn(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    name: text().notNull(),
    surname: text().notNull(),
    phone: text(),
    photo: text(),
    roles: text().array().$type<Role[]>().notNull(),
    active: boolean().notNull().default(true),
    /** The language the user reads the back-office and its e-mails in; null: as the browser asks. */
    language: text().$type<'en' | 'hr'>(),
    /**
     * Bumped when every sign-in of the user must end (password, role or company change, deactivation,
     * sign-out): tokens carry the epoch they were issued in and older ones are refused.
     */
    sessionEpoch: integer().notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_company_idx').on(t.companyId)],
);
export type UserRow = typeof users.$inferSelect;
