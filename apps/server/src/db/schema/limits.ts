import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters of the product's limits (sign-in attempts per account and address, terminal and key
 * attempts, uploads per user and company, uploads in progress), shared by every server process on the
 * database so a limit holds however many instances serve it (docs/api.md, "Limits"). One row per key
 * (`signin:account:<e-mail>`, `upload:company:<id>`…): the attempts counted in its window and when the
 * window ends. A row whose window ended is started again by the next attempt; old ones are swept.
 */
export const limitCounters = pgTable('limit_counters', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});
