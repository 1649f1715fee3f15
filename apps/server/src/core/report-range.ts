import { daysBetween, parseReference } from '@kovanica/contract';
import { badQuery } from './collection.ts';
import type { RequestContext } from './context.ts';
import { invalid } from './errors.ts';

/**
 * A report's days and companies from its query, checked before anything is read: `to` not before
 * `from` and at most `maxDays` apart (422 on `to`), each reference in `refs` an IRI of its collection
 * (400 naming the parameter). `companies` is the caller's view narrowed to the company asked for
 * (none of theirs: an empty list; null: every company).
 */
export function reportRange<P extends string>(
  ctx: RequestContext,
  query: { from: string; to: string } & Readonly<Record<string, unknown>>,
  maxDays: number,
  refs: Record<P, string>,
): { from: string; to: string; companies: readonly number[] | null; refs: Partial<Record<P, number>> } {
  if (query.to < query.from) throw invalid('to', 'end_before_start');
  if (daysBetween(query.from, query.to) > maxDays) throw invalid('to', 'range_too_long', { max: maxDays });
  const ref = (param: string, collection: string) => {
    const value = query[param];
    if (typeof value !== 'string') return undefined;
    const id = parseReference(collection, value);
    if (id === null) throw badQuery(param, 'iri');
    return id;
  };
  const company = ref('company', 'companies');
  const found: Partial<Record<P, number>> = {};
  for (const [param, collection] of Object.entries(refs) as [P, string][]) {
    const id = ref(param, collection);
    if (id !== undefined) found[param] = id;
  }
  const listed = ctx.listed;
  const companies = company === undefined ? listed : listed === null || listed.includes(company) ? [company] : [];
  return { from: query.from, to: query.to, companies, refs: found };
}
