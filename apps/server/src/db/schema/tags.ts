import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/**
 * Labels a company puts on its devices and locations. Those rows hold the tag ids in an array
 * (`tag_ids`); deleting a tag removes it from them in the same transaction (decision 0005).
 */
export const tags = pgTable(
  'tags',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    colour: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_company_name_key').on(t.companyId, sql`lower(${t.name})`)],
);
export type TagRow = typeof tags.$inferSelect;
