import { and, eq, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * A page of a collection as the data layer takes it: filters and order as SQL, the page, and for a
 * big collection the keyset a cursor follows. `http/collection.ts` reads it from a query string.
 */
export interface CollectionQuery {
  page: number;
  itemsPerPage: number;
  /** Filter conditions, ready for a WHERE clause. */
  where: SQL[];
  orderBy: SQL[];
  /** The keyset a cursor pages along, when the collection has one and is listed in its order. */
  keyset: Keyset | null;
  /** Where a cursor page starts (`?cursor=`); null for a page by number. */
  after: CursorPosition | null;
  /** How many items page numbers reach (`MAX_PAGE_DEPTH` for a collection with a keyset). */
  depth: number | null;
}

/** A time column and the id, ordered the same way: `at desc, id desc`. */
export interface Keyset {
  column: PgColumn;
  id: PgColumn;
  dir: 'asc' | 'desc';
}

/** The last row of the page before: its key as text (microseconds, UTC) and its id. */
export interface CursorPosition {
  key: string;
  id: number;
}

const CURSOR_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The opaque cursor of a position: base64url of `[key, id]`. */
export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.key, position.id])).toString('base64url');
}

/** The position a cursor stands for, or null when it is none that `encodeCursor` could have made. */
export function decodeCursor(value: unknown): CursorPosition | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return null;
  const [key, id] = parsed as unknown[];
  if (typeof key !== 'string' || !CURSOR_KEY.test(key) || !Number.isSafeInteger(id) || (id as number) < 1) return null;
  // A real instant (the database refuses 2026-02-30, which JavaScript would roll over to March).
  const instant = new Date(key);
  if (Number.isNaN(instant.getTime()) || instant.toISOString().slice(0, 19) !== key.slice(0, 19)) return null;
  return { key, id: id as number };
}

/** Computed values selected beside a table's columns (correlated subqueries, counts, names). */
export type Extras = Record<string, SQL<unknown>>;
type ExtraValues<X extends Extras> = { [K in keyof X]: X[K] extends SQL<infer V> ? V : never };
export type RowWith<T extends PgTable, X extends Extras> = T['$inferSelect'] & ExtraValues<X>;

/**
 * One page of a table with its size. A small collection in one round trip (`count(*) over ()`; a page
 * past the end costs a second query for the total). A big one (`query.depth`, decision 0010): the
 * page's ids, by offset or after the cursor's position along the keyset's index, then their rows,
 * with a count beside that stops at `depth + 1` rows (decision 0014): `total` is null when the
 * collection holds more than `depth` items. `next` is the cursor of the page after this one, for a
 * collection ordered by its keyset. `extras` are selected beside the columns.
 */
export async function selectPage<T extends PgTable, X extends Extras = Record<never, never>>(
  db: Db,
  table: T,
  scope: SQL | undefined,
  query: CollectionQuery,
  extras?: X,
): Promise<{ rows: RowWith<T, X>[]; total: number | null; next: string | null }> {
  const where = and(scope, ...query.where);
  const { keyset, after } = query;
  const position = keyset ? { __key: keyText(keyset.column), __id: sql<number>`${keyset.id}`.mapWith(Number) } : {};
  const count = async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(table as PgTable)
      .where(where);
    return row?.n ?? 0;
  };
  /** The rows that match, counted up to `limit`: the count reads no more rows than that. */
  const countUpTo = async (limit: number) => {
    const matching = db
      .select({ one: sql`1`.as('one') })
      .from(table as PgTable)
      .where(where)
      .limit(limit)
      .as('matching');
    const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(matching);
    return row?.n ?? 0;
  };
  type Row = RowWith<T, X> & { __total?: number; __key?: string; __id?: number };
  const strip = (rows: Row[]) => rows.map(({ __total, __key, __id, ...row }) => row as unknown as RowWith<T, X>);
  const cursorAfter = (row: Row | undefined) => (row?.__key && row.__id ? encodeCursor({ key: row.__key, id: row.__id }) : null);

  if (query.depth !== null) {
    // A big collection: the page's ids first, from the index alone, then the computed columns for
    // those rows only (computing them for every row an offset skips cost seconds at page 333).
    const id = getTableColumns(table).id as PgColumn;
    const size = after ? query.itemsPerPage + 1 : query.itemsPerPage; // one more: is there a next page?
    const ids = db
      .select({ id })
      .from(table as PgTable)
      .where(keyset && after ? and(where, beyond(keyset, after)) : where)
      .orderBy(...query.orderBy)
      .limit(size)
      .offset(after ? 0 : (query.page - 1) * query.itemsPerPage);
    const [rows, n] = await Promise.all([
      db
        .select({ ...getTableColumns(table), ...(extras ?? {}), ...position })
        .from(table as PgTable)
        // `= any(array(…))`: the ids are computed once and fetched by primary key. As `in (…)` the
        // planner may hash them and scan the whole table for their rows (every export chunk of a
        // million transactions read them all: decision 0026).
        .where(sql`${id} = any(array(${ids}))`)
        .orderBy(...query.orderBy) as Promise<Row[]>,
      countUpTo(query.depth + 1),
    ]);
    const page = rows.slice(0, query.itemsPerPage);
    const total = n > query.depth ? null : n;
    const more = after ? rows.length > query.itemsPerPage : total === null || query.page * query.itemsPerPage < total;
    return { rows: strip(page), total, next: keyset && more ? cursorAfter(page.at(-1)) : null };
  }

  const rows = (await db
    .select({ ...getTableColumns(table), ...(extras ?? {}), __total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(table as PgTable)
    .where(where)
    .orderBy(...query.orderBy)
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage)) as Row[];
  let total = rows[0]?.__total ?? 0;
  if (!rows.length && query.page > 1) total = await count();
  return { rows: strip(rows), total, next: null };
}

/** A timestamp as exact text (microseconds, UTC): a JavaScript Date would drop the microseconds. */
function keyText(column: PgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * The rows after a position in keyset order, written so the time index bounds the scan
 * (`at <= $key`) whatever the planner makes of row comparisons.
 */
function beyond(keyset: Keyset, after: CursorPosition): SQL {
  const key = sql`${after.key}::timestamptz`;
  const id = sql`${after.id}::bigint`; // whatever the id column's type: an integer id never overflows here
  return keyset.dir === 'desc'
    ? sql`(${keyset.column} <= ${key} and (${keyset.column} < ${key} or ${keyset.id} < ${id}))`
    : sql`(${keyset.column} >= ${key} and (${keyset.column} > ${key} or ${keyset.id} > ${id}))`;
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
