import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn } from './columns.ts';
import { lessors } from './lessors.ts';
import { locations } from './locations.ts';
import { users } from './users.ts';

/**
 * A company's calendar month closed by an accountant (docs/rules.md "Month close"): from then on its
 * rollups, rent, VAT book and statements do not change. A reopening keeps the row (who, when, why);
 * the month is closed while a row of it is not reopened, and closing it again adds a row.
 */
export const monthCloses = pgTable(
  'month_closes',
  {
    id: idColumn(),
    companyId: companyColumn(),
    /** The month's first day. */
    month: date({ mode: 'string' }).notNull(),
    closedAt: timestamp({ withTimezone: true }).notNull(),
    closedById: integer().references(() => users.id, { onDelete: 'set null' }),
    reopenedAt: timestamp({ withTimezone: true }),
    reopenedById: integer().references(() => users.id, { onDelete: 'set null' }),
    reopenReason: text(),
  },
  (t) => [
    uniqueIndex('month_closes_closed_key').on(t.companyId, t.month).where(sql`reopened_at is null`),
    index('month_closes_company_month_idx').on(t.companyId, t.month),
  ],
);

/**
 * The rental terms of each of the company's locations as they stood when the month was closed: the
 * closed month's rent is worked out from these, whatever the location's or its lessor's terms say
 * later. A location without terms then has a row with no type (it pays nothing for that month).
 */
export const monthCloseTerms = pgTable(
  'month_close_terms',
  {
    closeId: integer()
      .notNull()
      .references(() => monthCloses.id, { onDelete: 'cascade' }),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    lessorId: integer().references(() => lessors.id, { onDelete: 'set null' }),
    rentalType: text(),
    amountCents: integer(),
    percentageBp: integer(),
    incomeLimitCents: integer(),
    contractStart: date({ mode: 'string' }),
    contractEnd: date({ mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.closeId, t.locationId] })],
);
