import { parseIri } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import type { RequestContext } from '../../http/context.ts';
import { invalid } from '../../http/problems.ts';

/**
 * Resolves a company IRI from a request body to a company the caller may reach; anything else is a
 * 422 on that field (an unreachable company is reported exactly like a missing one).
 */
export async function resolveCompanyRef(db: Db, ctx: RequestContext, field: string, value: string) {
  const id = parseIri('companies', value);
  if (id === null) throw invalid(field, 'iri');
  if (ctx.visible !== null && !ctx.visible.includes(id)) throw invalid(field, 'reference');
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  if (!row) throw invalid(field, 'reference');
  return row;
}
