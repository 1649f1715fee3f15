import { and, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CollectionQuery } from '../http/collection.ts';
import type { Db } from './client.ts';

/**
 * One page of a table with the total count, in one round trip (`count(*) over ()`); a page past the
 * end costs a second query for the total.
 */
export async function selectPage<T extends PgTable>(
  db: Db,
  table: T,
  scope: SQL | undefined,
  query: CollectionQuery,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const where = and(scope, ...query.where);
  const rows = (await db
    .select({ ...getTableColumns(table), __total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(table as PgTable)
    .where(where)
    .orderBy(...query.orderBy)
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage)) as (T['$inferSelect'] & { __total: number })[];
  let total = rows[0]?.__total ?? 0;
  if (!rows.length && query.page > 1) {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(table as PgTable)
      .where(where);
    total = row?.n ?? 0;
  }
  return { rows: rows.map(({ __total, ...row }) => row as T['$inferSelect']), total };
}
