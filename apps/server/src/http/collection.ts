import { businessDate, type Collection, type CollectionSpec, DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE } from '@kovanica/contract';
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ApiProblem } from './problems.ts';

export interface CollectionQuery {
  page: number;
  itemsPerPage: number;
  /** Filter conditions, ready for a WHERE clause. */
  where: SQL[];
  orderBy: SQL[];
}

type RawQuery = Record<string, string | string[] | undefined>;
const rangeOps = { after: gte, before: lte, strictly_after: gt, strictly_before: lt, gte, lte, gt, lt } as const;

const badQuery = (param: string) => new ApiProblem(400, 'bad_query', { param });

/**
 * Schemas that document a request part without validating it: collection queries are read and
 * checked by `parseCollectionQuery`, which answers 400 for each bad parameter; validating them twice
 * cost a tenth of a cached read.
 */
export const documentationOnly = new WeakSet<z.ZodType>();

/** The query-string schema of a collection, for OpenAPI. */
export function collectionQuerySchema(spec: CollectionSpec) {
  const shape: Record<string, z.ZodType> = {
    page: z.coerce.number().int().min(1).max(1_000_000).optional(),
    itemsPerPage: z.coerce.number().int().min(1).max(MAX_ITEMS_PER_PAGE).optional(),
    client: z.string().optional(),
  };
  for (const field of spec.order) shape[`order[${field}]`] = z.enum(['asc', 'desc']).optional();
  for (const [field, kind] of Object.entries(spec.filters)) {
    if (kind === 'range') for (const op of Object.keys(rangeOps)) shape[`${field}[${op}]`] = z.string().optional();
    else shape[field] = z.union([z.string(), z.array(z.string())]).optional();
  }
  const schema = z.looseObject(shape);
  documentationOnly.add(schema);
  return schema;
}

function positiveInt(raw: RawQuery, param: string, fallback: number, max: number): number {
  const value = raw[param];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d{1,7}$/.test(value) || Number(value) < 1 || Number(value) > max) throw badQuery(param);
  return Number(value);
}

function convert(value: string, column: PgColumn, param: string): unknown {
  if (column.columnType === 'PgDateString') {
    // A calendar date; an instant stands for its business day (a list's day range sends instants).
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) throw badQuery(param);
    return businessDate(d);
  }
  switch (column.dataType) {
    case 'number': {
      // Relations are filtered by IRI or by id.
      const id = value.includes('/') ? value.slice(value.lastIndexOf('/') + 1) : value;
      if (!/^-?\d+$/.test(id)) throw badQuery(param);
      return Number(id);
    }
    case 'boolean':
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      throw badQuery(param);
    case 'date': {
      const d = new Date(value);
      if (Number.isNaN(d.getTime())) throw badQuery(param);
      return d;
    }
    default:
      return value;
  }
}

/**
 * A filter that is not one column, e.g. "this company or its subsidiaries" or "critical now"; given the
 * values asked for, it answers the condition (or throws a 400 through `badQuery`).
 */
export interface DerivedFilter {
  derived: (values: string[], param: string) => SQL;
}

/** Ids from filter values given as ids or IRIs. */
export function idsOf(values: string[], param: string): number[] {
  return values.map((v) => {
    const id = v.includes('/') ? v.slice(v.lastIndexOf('/') + 1) : v;
    if (!/^\d{1,10}$/.test(id)) throw badQuery(param);
    return Number(id);
  });
}
export type CollectionColumns = Record<string, PgColumn | DerivedFilter>;
const isDerived = (c: PgColumn | DerivedFilter | undefined): c is DerivedFilter => c !== undefined && 'derived' in c;

/**
 * Turns `page`, `itemsPerPage`, `order[field]` and the filters a resource declares into SQL. `columns`
 * maps each declared field to its column; for array columns an exact filter means "contains".
 */
export function parseCollectionQuery(raw: RawQuery, spec: CollectionSpec, columns: CollectionColumns): CollectionQuery {
  const where: SQL[] = [];
  for (const [field, kind] of Object.entries(spec.filters)) {
    const entry = columns[field];
    if (!entry) throw new Error(`no column for filter ${field}`);
    if (isDerived(entry)) {
      const value = raw[field];
      if (value === undefined) continue;
      where.push(entry.derived(Array.isArray(value) ? value : [value], field));
      continue;
    }
    const column = entry;
    if (kind === 'range') {
      for (const [op, fn] of Object.entries(rangeOps)) {
        const value = raw[`${field}[${op}]`];
        if (typeof value === 'string') where.push(fn(column, convert(value, column, `${field}[${op}]`)));
      }
      continue;
    }
    const value = raw[field] ?? raw[`${field}[]`];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    if (kind === 'iexact') {
      where.push(
        sql`lower(${column}) in (${sql.join(
          values.map((v) => sql`lower(${v})`),
          sql`, `,
        )})`,
      );
    } else if (kind === 'partial') {
      const text = values[0] ?? '';
      if (text) where.push(ilike(column, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    } else if (column.columnType === 'PgArray') {
      const base = (column as unknown as { baseColumn: PgColumn }).baseColumn;
      where.push(arrayContains(column, base.dataType === 'number' ? values.map((v) => convert(v, base, field)) : values));
    } else {
      const converted = values.map((v) => convert(v, column, field));
      const condition = converted.length === 1 ? eq(column, converted[0]) : inArray(column, converted);
      if (condition) where.push(condition);
    }
  }

  const orderBy: SQL[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const m = /^order\[(.+)\]$/.exec(key);
    if (!m?.[1]) continue;
    const column = columns[m[1]];
    if (!column || isDerived(column) || !spec.order.includes(m[1]) || (value !== 'asc' && value !== 'desc')) throw badQuery(key);
    orderBy.push(sortBy(column, value));
  }
  if (!orderBy.length) {
    for (const [field, dir] of Object.entries(spec.defaultOrder)) {
      const column = columns[field];
      if (column && !isDerived(column)) orderBy.push(sortBy(column, dir));
    }
  }
  if (columns.id && !isDerived(columns.id)) orderBy.push(asc(columns.id)); // stable pages

  const page = positiveInt(raw, 'page', 1, 1_000_000);
  const itemsPerPage = positiveInt(raw, 'itemsPerPage', DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE);
  return { page, itemsPerPage, where, orderBy };
}

const textColumns = new Set(['PgText', 'PgVarchar']);

/** Text sorts case-insensitively, the same on PostgreSQL and on PGlite (whose collation is C). */
function sortBy(column: PgColumn, dir: 'asc' | 'desc'): SQL {
  const key = textColumns.has(column.columnType) ? sql`lower(${column})` : sql`${column}`;
  return dir === 'asc' ? asc(key) : desc(key);
}

/** Every given value is in the array column; values stay parameters. */
function arrayContains(column: PgColumn, values: unknown[]): SQL {
  return and(...values.map((v) => sql`${v} = any(${column})`)) as SQL;
}

/** The collection envelope, with links to the first, last, next and previous pages. */
export function collectionOf<T>(url: string, query: CollectionQuery, totalItems: number, member: T[]): Collection<T> {
  const [path = '', search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  params.delete('client');
  const link = (page: number) => {
    params.set('page', String(page));
    return `${path}?${params.toString()}`;
  };
  const last = Math.max(1, Math.ceil(totalItems / query.itemsPerPage));
  const view: Collection<T>['view'] = { '@id': link(query.page), first: link(1), last: link(last) };
  if (query.page < last) view.next = link(query.page + 1);
  if (query.page > 1) view.previous = link(Math.min(query.page - 1, last));
  return { '@id': path, '@type': 'Collection', member, totalItems, view };
}
