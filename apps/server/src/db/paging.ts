import { and, eq, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CollectionQuery } from '../http/collection.ts';
import type { Db } from './client.ts';

/** Computed values selected beside a table's columns (correlated subqueries, counts, names). */
export type Extras = Record<string, SQL<unknown>>;
type ExtraValues<X extends Extras> = { [K in keyof X]: X[K] extends SQL<infer V> ? V : never };
export type RowWith<T extends PgTable, X extends Extras> = T['$inferSelect'] & ExtraValues<X>;

/**
 * One page of a table with the total count, in one round trip (`count(*) over ()`); a page past the
 * end costs a second query for the total. `extras` are selected beside the columns.
 */
export async function selectPage<T extends PgTable, X extends Extras = Record<never, never>>(
  db: Db,
  table: T,
  scope: SQL | undefined,
  query: CollectionQuery,
  extras?: X,
): Promise<{ rows: RowWith<T, X>[]; total: number }> {
  const where = and(scope, ...query.where);
  const rows = (await db
    .select({ ...getTableColumns(table), ...(extras ?? {}), __total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(table as PgTable)
    .where(where)
    .orderBy(...query.orderBy)
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage)) as (RowWith<T, X> & { __total: number })[];
  let total = rows[0]?.__total ?? 0;
  if (!rows.length && query.page > 1) {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(table as PgTable)
      .where(where);
    total = row?.n ?? 0;
  }
  return { rows: rows.map(({ __total, ...row }) => row as unknown as RowWith<T, X>), total };
}

/** One row by id within a scope, with the same extras as its collection. */
export async function selectOne<T extends PgTable & { id: PgColumn }, X extends Extras = Record<never, never>>(
  db: Db,
  table: T,
  id: number,
  scope: SQL | undefined,
  extras?: X,
): Promise<RowWith<T, X> | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(table), ...(extras ?? {}) })
    .from(table as PgTable)
    .where(and(eq(table.id, id), scope));
  return row as RowWith<T, X> | undefined;
}

/**
 * A column of the outer query inside a correlated subquery, qualified with its table. Drizzle leaves
 * the columns of a one-table select unqualified, and the subquery would read an unqualified outer
 * column as one of its own.
 */
export function outer(column: PgColumn): SQL {
  const name = column.keyAsName ? toSnakeCase(column.name) : column.name;
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(name)}`;
}
