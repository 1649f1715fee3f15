import type { ArticleUnit } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { bigint, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, createdAtColumn, idColumn } from './columns.ts';

/**
 * What a company keeps in stock: prizes for its machines (docs/rules.md "Stock"). Prices are net and gross
 * pairs in cents; `quantity` and `average_cost_cents` are kept by the movements, in the same
 * transaction as the stock levels they change.
 */
export const articles = pgTable(
  'articles',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    unit: text().$type<ArticleUnit>().notNull(),
    supplier: text(),
    /** Hundredths of a percent: 25 % = 2500. */
    vatRateBp: integer().notNull().default(2500),
    purchaseNetCents: integer(),
    purchaseGrossCents: integer(),
    sellingNetCents: integer(),
    sellingGrossCents: integer(),
    /** Units in all the company's repositories: the sum of the article's stock levels. */
    quantity: bigint({ mode: 'number' }).notNull().default(0),
    /** The moving weighted average net purchase price, unrounded; null before the first receipt. */
    averageCostCents: numeric({ precision: 20, scale: 6, mode: 'number' }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Also the company's index (its leading column).
  (t) => [uniqueIndex('articles_company_name_key').on(t.companyId, sql`lower(${t.name})`)],
);
export type ArticleRow = typeof articles.$inferSelect;
