import { parseIri } from '@kovanica/contract';
import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { FieldError } from './errors.ts';
import { companies } from './schema/index.ts';

/**
 * What a reference check needs to know of the caller (a `RequestContext` is one): the companies whose
 * rows it may reach (null: every company) and its own company.
 */
export interface Reach {
  visible: readonly number[] | null;
  actor: { companyId: number };
}

/**
 * Resolves a company IRI from a request body to a company the caller may reach; anything else is a
 * `FieldError` on that field (an unreachable company is reported exactly like a missing one).
 */
export async function resolveCompanyRef(db: Db, ctx: Reach, field: string, value: string) {
  const id = parseIri('companies', value);
  if (id === null) throw new FieldError(field, 'iri');
  if (ctx.visible !== null && !ctx.visible.includes(id)) throw new FieldError(field, 'reference');
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  if (!row) throw new FieldError(field, 'reference');
  return row;
}

/** The company a new row goes to: the one the body names, or the caller's own. */
export async function targetCompanyId(db: Db, ctx: Reach, value: string | undefined): Promise<number> {
  return value === undefined ? ctx.actor.companyId : (await resolveCompanyRef(db, ctx, 'company', value)).id;
}

type TenantTable = PgTable & { id: PgColumn; companyId: PgColumn };

/**
 * Resolves an IRI to a row of a tenant table that the caller can see and, when given, that belongs to
 * `companyId` (rows never point across companies). A row the caller cannot see is reported like a
 * missing one.
 */
export async function resolveRef<T extends TenantTable>(
  db: Db,
  ctx: Reach,
  ref: { table: T; collection: string; field: string; companyId?: number },
  value: string,
): Promise<T['$inferSelect']> {
  const id = parseIri(ref.collection, value);
  if (id === null) throw new FieldError(ref.field, 'iri');
  const [row] = (await db
    .select()
    .from(ref.table as PgTable)
    .where(eq(ref.table.id, id))) as (T['$inferSelect'] & { companyId: number })[];
  if (!row || (ctx.visible !== null && !ctx.visible.includes(row.companyId))) throw new FieldError(ref.field, 'reference');
  if (ref.companyId !== undefined && row.companyId !== ref.companyId) throw new FieldError(ref.field, 'other_company');
  return row;
}

/** The same for a list of IRIs (e.g. tags): returns the ids, with errors at `field.index`. */
export async function resolveRefIds<T extends TenantTable>(
  db: Db,
  ctx: Reach,
  ref: { table: T; collection: string; field: string; companyId: number },
  values: readonly string[],
): Promise<number[]> {
  const ids = values.map((v, i) => {
    const id = parseIri(ref.collection, v);
    if (id === null) throw new FieldError(`${ref.field}.${i}`, 'iri');
    return id;
  });
  if (!ids.length) return [];
  const rows = (await db
    .select({ id: ref.table.id, companyId: ref.table.companyId })
    .from(ref.table as PgTable)
    .where(inArray(ref.table.id, ids))) as { id: number; companyId: number }[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  ids.forEach((id, i) => {
    const row = byId.get(id);
    if (!row || (ctx.visible !== null && !ctx.visible.includes(row.companyId))) throw new FieldError(`${ref.field}.${i}`, 'reference');
    if (row.companyId !== ref.companyId) throw new FieldError(`${ref.field}.${i}`, 'other_company');
  });
  return [...new Set(ids)];
}
