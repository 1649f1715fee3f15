import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, createdAtColumn, idColumn } from './columns.ts';

/**
 * Labels a company puts on its devices and locations. Those rows hold the tag ids in an array
 * (`tag_ids`); deleting a tag removes it from them in the same transaction (decision 0005).
 */
export const tags = pgTable(
  'tags',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    colour: text().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('tags_company_name_key').on(t.companyId, sql`lower(${t.name})`)],
);
export type TagRow = typeof tags.$inferSelect;
