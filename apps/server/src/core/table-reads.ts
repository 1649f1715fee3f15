import { and, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { type Extras, type RowWith, selectOne, selectPage } from '../db/paging.ts';
import type { CollectionQuery } from './collection.ts';
import type { RequestContext } from './context.ts';
import { inCompanies } from './tenancy.ts';

/**
 * The standard reads of a resource kept in one table (decision 0011): a page of the rows the caller
 * may list, and one row the caller may see, each with the same computed `extras`, mapped to the
 * item. `company` is the tenant column; without it the rows are shared reference data (cities).
 * `find` reads a row within given companies (`null`: any), for a service's own checks. `where` is a
 * condition of the caller every read adds to the tenancy (a fixed kind of row, or only the caller's own
 * rows without a permission); `scope(ids, ctx)` includes it, `scope(ids)` is the tenancy alone.
 */
export function tableReads<T extends PgTable & { id: PgColumn }, Item, X extends Extras = Record<never, never>>(
  db: Db,
  table: T,
  options: {
    company?: PgColumn;
    where?: (ctx: RequestContext) => SQL | undefined;
    extras?: (ctx: RequestContext) => X;
    toItem: (row: RowWith<T, X>) => Item;
  },
) {
  const { company, toItem } = options;
  const extras = (ctx: RequestContext) => options.extras?.(ctx) ?? ({} as X);
  const scope = (ids: readonly number[] | null, ctx?: RequestContext): SQL | undefined => {
    const tenancy = company ? inCompanies(company, ids) : undefined;
    const condition = ctx && options.where ? options.where(ctx) : undefined;
    return condition ? and(tenancy, condition) : tenancy;
  };
  const find = (ctx: RequestContext, id: number, ids: readonly number[] | null = ctx.visible) =>
    selectOne(db, table, id, scope(ids, ctx), extras(ctx));
  return {
    find,
    scope,
    async list(ctx: RequestContext, query: CollectionQuery) {
      const { rows, total, next } = await selectPage(db, table, scope(ctx.listed, ctx), query, extras(ctx));
      return { items: rows.map(toItem), total, next };
    },
    async get(ctx: RequestContext, id: number) {
      const row = await find(ctx, id);
      return row ? toItem(row) : null;
    },
  };
}
