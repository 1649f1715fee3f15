import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Limits a query to the given companies; `null` means every company (admins). */
export function inCompanies(column: PgColumn, companyIds: readonly number[] | null): SQL | undefined {
  return companyIds === null ? undefined : inArray(column, [...companyIds]);
}
