import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns.ts';

/** Cities: reference data shared by every company (docs/rules.md "Tenancy, roles and modules"). */
export const cities = pgTable(
  'cities',
  {
    id: idColumn(),
    name: text().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('cities_name_key').on(sql`lower(${t.name})`)],
);
export type CityRow = typeof cities.$inferSelect;
