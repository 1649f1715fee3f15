import type { StockMovementKind } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { articles } from './articles.ts';
import { companyColumn, createdAtColumn, idColumn } from './columns.ts';
import { devices } from './devices.ts';
import { repositories } from './repositories.ts';
import { users } from './users.ts';

/**
 * Every stock movement (docs/rules.md "Stock"), immutable: a wrong one is reversed by another that names it
 * (`reverses_id`, unique: a movement is reversed once). Units leave `from_repository_id` and enter
 * `to_repository_id`; an issue's units enter `device_id` (its reversal's leave it).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: idColumn(),
    companyId: companyColumn(),
    kind: text().$type<StockMovementKind>().notNull(),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: 'restrict' }),
    /** Positive; an adjustment's is signed. */
    quantity: integer().notNull(),
    fromRepositoryId: integer().references(() => repositories.id, { onDelete: 'restrict' }),
    toRepositoryId: integer().references(() => repositories.id, { onDelete: 'restrict' }),
    deviceId: integer().references(() => devices.id, { onDelete: 'restrict' }),
    /** Net per unit: a receipt's price, else the average purchase price when booked. */
    unitPriceCents: numeric({ precision: 20, scale: 6, mode: 'number' }),
    supplier: text(),
    reason: text(),
    note: text(),
    at: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    reversesId: integer().references((): AnyPgColumn => stockMovements.id, { onDelete: 'restrict' }),
    clientKey: text(),
  },
  (t) => [
    // Keyset pages (`at desc, id desc`, decision 0010) and the company's list.
    index('stock_movements_company_at_idx').on(t.companyId, t.at, t.id),
    index('stock_movements_at_idx').on(t.at, t.id),
    index('stock_movements_article_idx').on(t.articleId, t.at),
    index('stock_movements_from_idx').on(t.fromRepositoryId, t.at),
    index('stock_movements_to_idx').on(t.toRepositoryId, t.at),
    index('stock_movements_device_idx').on(t.deviceId, t.at).where(sql`${t.deviceId} is not null`),
    index('stock_movements_created_by_idx').on(t.createdById),
    uniqueIndex('stock_movements_reverses_key').on(t.reversesId),
    uniqueIndex('stock_movements_client_key').on(t.companyId, t.clientKey),
  ],
);
export type MovementRow = typeof stockMovements.$inferSelect;
