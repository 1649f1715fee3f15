import {
  businessDate,
  type Collection,
  type CollectionSpec,
  DEFAULT_ITEMS_PER_PAGE,
  isCalendarDate,
  MAX_ID,
  MAX_ITEMS_PER_PAGE,
  MAX_PAGE_DEPTH,
  parseId,
  parseInstant,
  type ValidationCode,
} from '@kovanica/contract';
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { type CollectionQuery, decodeCursor, type Keyset } from '../db/paging.ts';
import { DomainError } from './errors.ts';

export type { CollectionQuery, CursorPosition, Keyset } from '../db/paging.ts';

type RawQuery = Record<string, string | string[] | undefined>;
const rangeOps = { after: gte, before: lte, strictly_after: gt, strictly_before: lt, gte, lte, gt, lt } as const;

/** A 400 that names the parameter, in `detail` and as a violation (the same shape as a 422's). */
export const badQuery = (param: string, code: ValidationCode = 'invalid') =>
  new DomainError(400, 'bad_query', { param }, [{ propertyPath: param, code }]);

/**
 * Schemas that document a request part without validating it: collection queries are read and
 * checked by `parseCollectionQuery`, which answers 400 for each bad parameter; validating them twice
 * cost a tenth of a cached read.
 */
export const documentationOnly = new WeakSet<z.ZodType>();

/** The query-string schema of a collection, for OpenAPI. */
export function collectionQuerySchema(spec: CollectionSpec) {
  const shape: Record<string, z.ZodType> = {
    page: z.coerce
      .number()
      .int()
      .min(1)
      .max(spec.keyset ? MAX_PAGE_DEPTH : 1_000_000)
      .optional()
      .describe(spec.keyset ? `1-based; page × itemsPerPage at most ${MAX_PAGE_DEPTH}: further on, follow view.next (cursor)` : '1-based'),
    itemsPerPage: z.coerce.number().int().min(1).max(MAX_ITEMS_PER_PAGE).optional(),
    client: z.string().optional(),
  };
  if (spec.keyset) {
    shape.cursor = z
      .string()
      .optional()
      .describe(`Opaque: the next page in the default order (by ${spec.keyset}, then id), as view.next gives it; not with page`);
  }
  for (const field of spec.order) shape[`order[${field}]`] = z.enum(['asc', 'desc']).optional();
  for (const [field, kind] of Object.entries(spec.filters)) {
    if (kind === 'range') for (const op of Object.keys(rangeOps)) shape[`${field}[${op}]`] = z.string().optional();
    else shape[field] = z.union([z.string(), z.array(z.string())]).optional();
  }
  // Documentation only: `parseCollectionQuery` refuses the parameters not listed here.
  const schema = z.strictObject(shape);
  documentationOnly.add(schema);
  return schema;
}

/** Parameters a collection understands besides `order[field]`: those it documents, and `field[]`. */
const knownParams = new WeakMap<CollectionSpec, Set<string>>();
function paramsOf(spec: CollectionSpec): Set<string> {
  let known = knownParams.get(spec);
  if (!known) {
    const arrays = Object.entries(spec.filters).flatMap(([field, kind]) => (kind === 'range' ? [] : [`${field}[]`]));
    known = new Set([...Object.keys(collectionQuerySchema(spec).shape), ...arrays]);
    knownParams.set(spec, known);
  }
  return known;
}

/** `tags[0]`, `tags[1]`: a list as API Platform Admin sends it, each value under its index. */
const INDEXED = /^(.+)\[(\d{1,3})\]$/;

/**
 * The values asked for a filter, however the list is written: `tags=3&tags=5`, `tags[]=3&tags[]=5` or
 * `tags[0]=3&tags[1]=5` (in index order), or undefined when the filter is not used.
 */
function valuesOf(raw: RawQuery, field: string): string[] | undefined {
  const indexed = Object.keys(raw)
    .map((param) => INDEXED.exec(param))
    .filter((m): m is RegExpExecArray => m?.[1] === field)
    .sort((a, b) => Number(a[2]) - Number(b[2]))
    .map((m) => raw[m[0]]);
  const values = [raw[field], raw[`${field}[]`], ...indexed].flat().filter((v): v is string => v !== undefined);
  return values.length ? values : undefined;
}

function positiveInt(raw: RawQuery, param: string, fallback: number, max: number): number {
  const value = raw[param];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d{1,7}$/.test(value) || Number(value) < 1 || Number(value) > max) throw badQuery(param);
  return Number(value);
}

/**
 * A filter value as its column's type, or a 400 naming the parameter: PostgreSQL must never be the
 * one to refuse it (that would be a 500).
 */
function convert(value: string, column: PgColumn, param: string): unknown {
  if (column.columnType === 'PgDateString') {
    // A calendar date; an instant stands for its business day (a list's day range sends instants).
    if (isCalendarDate(value)) return value;
    const d = parseInstant(value);
    if (!d) throw badQuery(param, 'date');
    return businessDate(d);
  }
  switch (column.dataType) {
    case 'number': {
      // Relations are filtered by IRI or by id.
      const id = value.includes('/') ? value.slice(value.lastIndexOf('/') + 1) : value;
      const max = column.columnType === 'PgBigInt53' ? Number.MAX_SAFE_INTEGER : MAX_ID; // PostgreSQL's integer
      if (!/^-?\d{1,16}$/.test(id) || Math.abs(Number(id)) > max) throw badQuery(param);
      return Number(id);
    }
    case 'boolean':
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      throw badQuery(param);
    case 'date': {
      // A calendar date stands for its midnight UTC.
      const d = isCalendarDate(value) ? new Date(`${value}T00:00:00Z`) : parseInstant(value);
      if (!d) throw badQuery(param, 'date');
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

/** Ids from filter values given as ids or IRIs; anything but 1 … 2^31−1 is a 400 naming the parameter. */
export function idsOf(values: string[], param: string): number[] {
  return values.map((v) => {
    const id = parseId(v.includes('/') ? v.slice(v.lastIndexOf('/') + 1) : v);
    if (id === null) throw badQuery(param);
    return id;
  });
}
export type CollectionColumns = Record<string, PgColumn | DerivedFilter>;
const isDerived = (c: PgColumn | DerivedFilter | undefined): c is DerivedFilter => c !== undefined && 'derived' in c;

/**
 * Turns `page`, `itemsPerPage`, `order[field]` and the filters a resource declares into SQL. `columns`
 * maps each declared field to its column; for array columns an exact filter means "contains".
 */
export function parseCollectionQuery(raw: RawQuery, spec: CollectionSpec, columns: CollectionColumns): CollectionQuery {
  const known = paramsOf(spec);
  for (const param of Object.keys(raw)) {
    const listed = INDEXED.exec(param)?.[1];
    if (!known.has(param) && !param.startsWith('order[') && !(listed && known.has(`${listed}[]`)))
      throw new DomainError(400, 'unknown_param', { param });
  }
  const where: SQL[] = [];
  for (const [field, kind] of Object.entries(spec.filters)) {
    const entry = columns[field];
    if (!entry) throw new Error(`no column for filter ${field}`);
    if (isDerived(entry)) {
      const values = valuesOf(raw, field);
      if (values) where.push(entry.derived(values, field));
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
    const values = valuesOf(raw, field);
    if (!values) continue;
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
  const ordered: [string, 'asc' | 'desc'][] = [];
  for (const [key, value] of Object.entries(raw)) {
    const m = /^order\[(.+)\]$/.exec(key);
    if (!m?.[1]) continue;
    const column = columns[m[1]];
    // In any case: `ASC` and `Desc` like `asc` (API Platform's clients send react-admin's `ASC`/`DESC`).
    const dir = typeof value === 'string' ? value.toLowerCase() : value;
    if (!column || isDerived(column) || !spec.order.includes(m[1]) || (dir !== 'asc' && dir !== 'desc')) throw badQuery(key);
    orderBy.push(sortBy(column, dir));
    ordered.push([m[1], dir]);
  }
  if (!orderBy.length) {
    for (const [field, dir] of Object.entries(spec.defaultOrder)) {
      const column = columns[field];
      if (column && !isDerived(column)) orderBy.push(sortBy(column, dir));
      ordered.push([field, dir]);
    }
  }
  // Ordered by its keyset field alone, a big collection breaks ties by id the same way, so that a
  // cursor (the last row's time and id) says exactly where the next page starts.
  const [first] = ordered;
  const keyColumn = spec.keyset ? columns[spec.keyset] : undefined;
  const idColumn = columns.id && !isDerived(columns.id) ? columns.id : undefined;
  const keyset: Keyset | null =
    first && ordered.length === 1 && first[0] === spec.keyset && keyColumn && !isDerived(keyColumn) && idColumn
      ? { column: keyColumn, id: idColumn, dir: first[1] }
      : null;
  if (idColumn) orderBy.push(keyset?.dir === 'desc' ? desc(idColumn) : asc(idColumn)); // stable pages

  const itemsPerPage = positiveInt(raw, 'itemsPerPage', DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE);
  const depth = spec.keyset ? MAX_PAGE_DEPTH : null;
  if (raw.cursor !== undefined) {
    if (!keyset) throw badQuery('cursor'); // cursors follow the default order only
    if (raw.page !== undefined) throw badQuery('page');
    const after = decodeCursor(raw.cursor);
    if (!after) throw badQuery('cursor');
    return { page: 1, itemsPerPage, where, orderBy, keyset, after, depth };
  }
  const page = positiveInt(raw, 'page', 1, 1_000_000);
  // An offset reads and drops every row before the page: deep pages of big collections go by cursor.
  if (depth !== null && page * itemsPerPage > depth) throw new DomainError(400, 'page_too_deep', { param: 'page', max: depth });
  return { page, itemsPerPage, where, orderBy, keyset, after: null, depth };
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

/**
 * The collection envelope, with links to the first, last, next and previous pages. A collection with
 * a keyset links its next page by cursor (`next`, the last row's position), by page number or by
 * cursor alike, and links `last` only when page numbers reach it. `totalItems` null: the collection
 * holds more than `query.depth` items, said as `totalItemsOver` (decision 0014).
 */
export function collectionOf<T>(
  url: string,
  query: CollectionQuery,
  totalItems: number | null,
  member: T[],
  next?: string | null,
): Collection<T> {
  const [path = '', search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  params.delete('client');
  const link = (page: number) => {
    const p = new URLSearchParams(params);
    p.delete('cursor');
    p.set('page', String(page));
    return `${path}?${p.toString()}`;
  };
  const size = totalItems === null ? { totalItemsOver: query.depth ?? 0 } : { totalItems };
  const reachable = (page: number) => query.depth === null || page * query.itemsPerPage <= query.depth;
  const last = totalItems === null ? null : Math.max(1, Math.ceil(totalItems / query.itemsPerPage));
  const view: Collection<T>['view'] = { '@id': query.after ? `${path}?${params.toString()}` : link(query.page), first: link(1) };
  if (last !== null && reachable(last)) view.last = link(last);
  if (query.after) {
    if (next) view.next = cursorLink(path, params, next);
    return { '@id': path, '@type': 'Collection', member, ...size, view };
  }
  if (query.keyset && next) view.next = cursorLink(path, params, next);
  else if ((last === null || query.page < last) && reachable(query.page + 1)) view.next = link(query.page + 1);
  if (query.page > 1) view.previous = link(last === null ? query.page - 1 : Math.min(query.page - 1, last));
  return { '@id': path, '@type': 'Collection', member, ...size, view };
}

function cursorLink(path: string, params: URLSearchParams, cursor: string): string {
  const p = new URLSearchParams(params);
  p.delete('page');
  p.set('cursor', cursor);
  return `${path}?${p.toString()}`;
}
