import { type CollectionSpec, MAX_ID, MAX_ITEMS_PER_PAGE } from '@kovanica/contract';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { type CollectionColumns, collectionQuerySchema, documentationOnly } from '../core/collection.ts';

/** What `parseCollectionQuery` accepts for a boolean filter: `true`/`1`, `false`/`0` (a client sends `true`/`false`). */
const booleanFilter = (field: string) =>
  z.boolean().optional().describe(`Boolean filter on ${field}: true or false (1 and 0 are accepted too)`);

/** A number column's bounds: PostgreSQL's `integer`, or JavaScript's safe integers for a `bigint`. */
const integerOf = (column: PgColumn) =>
  z
    .number()
    .int()
    .min(column.columnType === 'PgBigInt53' ? Number.MIN_SAFE_INTEGER : -MAX_ID)
    .max(column.columnType === 'PgBigInt53' ? Number.MAX_SAFE_INTEGER : MAX_ID);

/** A relation's column (`company_id`), or the id: its filter takes an IRI or an id, so the document keeps it a string. */
const isRelation = (column: PgColumn) => /(^id|_id|Id)$/.test(column.name);

/**
 * The query string of a collection as the OpenAPI document gives it: `collectionQuerySchema`'s
 * parameters, each described, with each filter typed as `parseCollectionQuery` reads it (booleans as
 * booleans, number columns as integers within their column, relations as an IRI or an id, words of a
 * set as the set). Documentation only, like the schema it extends: the parser checks every value.
 */
export function documentedCollectionQuery(spec: CollectionSpec, columns: CollectionColumns) {
  const base = collectionQuerySchema(spec);
  const shape: Record<string, z.ZodType> = { ...base.shape };
  const describe = (param: string, text: string) => {
    const schema = shape[param];
    if (schema && !schema.description) shape[param] = schema.describe(text);
  };
  describe('itemsPerPage', `Items per page, 1–${MAX_ITEMS_PER_PAGE} (default 30)`);
  describe('client', 'Accepted and ignored (the legacy client marks its requests with it)');
  for (const field of spec.order) describe(`order[${field}]`, `Order by ${field}: asc or desc (ties by id)`);
  for (const [field, kind] of Object.entries(spec.filters)) {
    const entry = columns[field];
    const column = entry && !('derived' in entry) ? entry : undefined;
    if (kind === 'range') {
      const numeric = column?.dataType === 'number';
      for (const op of ['after', 'before', 'strictly_after', 'strictly_before', 'gte', 'lte', 'gt', 'lt']) {
        const param = `${field}[${op}]`;
        if (!(param in shape)) continue;
        if (numeric && column) shape[param] = integerOf(column).optional();
        describe(
          param,
          `Range filter on ${field} (${op.replace('_', ' ')})${numeric ? '' : ': a date (YYYY-MM-DD) or an ISO 8601 instant'}`,
        );
      }
      continue;
    }
    if (kind === 'boolean') {
      shape[field] = booleanFilter(field);
      continue;
    }
    const anyOf = (one: z.ZodType) => z.union([one, z.array(one)]).optional();
    if (kind === 'exact' && column?.dataType === 'number' && !isRelation(column)) shape[field] = anyOf(integerOf(column));
    else if (kind === 'exact' && column?.enumValues?.length) shape[field] = anyOf(z.enum(column.enumValues as [string, ...string[]]));
    const text = {
      exact:
        column && isRelation(column)
          ? `Exact filter on ${field}: an IRI or an id; repeat for any of several`
          : `Exact filter on ${field}; repeat for any of several`,
      iexact: `Case-insensitive exact filter on ${field}`,
      partial: `Partial filter on ${field}: contains the text, case-insensitively`,
    }[kind];
    describe(field, text);
  }
  const schema = z.strictObject(shape);
  documentationOnly.add(schema);
  return schema;
}
