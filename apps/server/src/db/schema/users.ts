import type { Role, StoredAlarmPreferences } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /**
     * The person's OIB: the operator OIB (`OibOper`) on the bills they issue by hand (manual bills,
     * stornos). Null until set; such a user cannot issue a bill by hand (docs/rules.md).
     */
    oib: text(),
    roles: text().array().$type<Role[]>().notNull(),
    active: boolean().notNull().default(true),
    /** The language the user reads the back-office and its e-mails in; null: as the browser asks. */
    language: text().$type<'en' | 'hr'>(),
    /**
     * Bumped when every sign-in of the user must end (password, role or company change, deactivation,
     * sign-out): tokens carry the epoch they were issued in and older ones are refused.
     */
    sessionEpoch: integer().notNull().default(0),
    /** Which alarms the person is told of, how and when (docs/rules.md "Alarms"): only what they chose. */
    alarmPreferences: jsonb().$type<StoredAlarmPreferences>().notNull().default({}),
    createdAt: createdAtColumn(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_company_idx').on(t.companyId)],
);
export type UserRow = typeof users.$inferSelect;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A user's profile photo (decision 0029): a 256×256 WebP in the database, so backups carry it. Apart
 * from `users` so that reading or auditing an account never loads the image. `version` is random
 * per upload: it is the photo URL's `v` (the browser refreshes on change) and its ETag.
 */
export const userPhotos = pgTable('user_photos', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  image: bytea().notNull(),
  version: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type UserPhotoRow = typeof userPhotos.$inferSelect;
