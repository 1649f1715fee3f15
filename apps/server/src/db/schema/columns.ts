import { integer, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/** The columns most tables share, written once. */
export const idColumn = () => integer().primaryKey().generatedAlwaysAsIdentity();
/** The owning company (docs/rules.md "Tenancy, roles and modules"): every business row has one; a company with rows cannot be deleted. */
export const companyColumn = () =>
  integer()
    .notNull()
    .references(() => companies.id, { onDelete: 'restrict' });
export const createdAtColumn = () => timestamp({ withTimezone: true }).notNull().defaultNow();
