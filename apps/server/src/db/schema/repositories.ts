import type { RepositoryType } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { articles } from './articles.ts';
import { companyColumn, createdAtColumn, idColumn } from './columns.ts';
import { users } from './users.ts';

/** Warehouses and vans that hold stock (docs/rules.md "Stock"). */
export const repositories = pgTable(
  'repositories',
  {
    id: idColumn(),
    companyId: companyColumn(),
    type: text().$type<RepositoryType>().notNull(),
    name: text().notNull(),
    responsibleWorkerId: integer().references(() => users.id, { onDelete: 'set null' }),
    address: text(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Also the company's index (its leading column).
    uniqueIndex('repositories_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    index('repositories_responsible_idx').on(t.responsibleWorkerId),
  ],
);
export type RepositoryRow = typeof repositories.$inferSelect;

/**
 * The quantity of each article in each repository, changed only by movements with conditional
 * updates (`quantity >= n`), so it never goes below zero — the check constraint says so too.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    repositoryId: integer()
      .notNull()
      .references(() => repositories.id, { onDelete: 'restrict' }),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: 'restrict' }),
    companyId: companyColumn(),
    quantity: bigint({ mode: 'number' }).notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.repositoryId, t.articleId] }),
    index('stock_levels_article_idx').on(t.articleId),
    check('stock_levels_quantity_check', sql`${t.quantity} >= 0`),
  ],
);
export type StockLevelRow = typeof stockLevels.$inferSelect;
