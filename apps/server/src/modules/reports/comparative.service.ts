import {
  type ComparativeAnalysis,
  type ComparativeOrderField,
  type ComparativeQuery,
  type ComparativeSubject,
  comparativeOrderFields,
  DEFAULT_ITEMS_PER_PAGE,
  FINANCE_MAX_DAYS,
  iri,
} from '@kovanica/contract';
import { type SQL, sql } from 'drizzle-orm';
import { badQuery } from '../../core/collection.ts';
import type { RequestContext } from '../../core/context.ts';
import type { Db } from '../../db/client.ts';
import { checkRange, filtersOf, rollupRows } from './finance.service.ts';

const TYPES = { device: 'devices', location: 'locations', lessor: 'lessors' } as const;

const SUBJECT: Record<ComparativeSubject, SQL> = {
  device: sql`r.device_id`,
  location: sql`nullif(r.location_key, 0)`,
  lessor: sql`l.lessor_id`,
};
const NAME: Record<ComparativeSubject, SQL> = {
  device: sql`(select name from devices where id = j.subject)`,
  location: sql`(select name from locations where id = j.subject)`,
  lessor: sql`(select name from lessors where id = j.subject)`,
};
const KEY: Record<ComparativeOrderField, string> = {
  name: 'lower(name)',
  currentCents: '"currentCents"',
  previousCents: '"previousCents"',
  changeCents: '"changeCents"',
  changePercent: '"changePercent"',
};

/**
 * Checks a comparative analysis's query without reading anything (422 on a bad range, 400 on a second
 * order or a malformed IRI): its order and the view's companies and filters as ids. The analysis itself
 * and its export's request-time check both call it.
 */
export function comparativeScope(ctx: RequestContext, query: Omit<ComparativeQuery, 'page' | 'itemsPerPage'>) {
  checkRange(query.from, query.to, FINANCE_MAX_DAYS);
  checkRange(query.compareFrom, query.compareTo, FINANCE_MAX_DAYS, 'compareTo');
  const asked = comparativeOrderFields.flatMap((field) => (query[`order[${field}]`] ? [{ field, dir: query[`order[${field}]`] }] : []));
  if (asked.length > 1) throw badQuery(`order[${asked[1]?.field}]`);
  const order = asked[0] ?? { field: 'currentCents' as const, dir: 'desc' as const };
  return { order, filters: filtersOf(ctx, query) };
}

/**
 * Comparative analysis (docs/rules.md "Money reports", comparative analysis): each subject's revenue in two periods from the rollups, the
 * change and the change in percent, ranked (the largest revenue first unless asked otherwise, empty
 * values last, ties by subject), a page at a time with the totals of all.
 */
export async function comparativeAnalysis(db: Db, ctx: RequestContext, query: ComparativeQuery): Promise<ComparativeAnalysis> {
  const { order, filters } = comparativeScope(ctx, query);
  const page = query.page ?? 1;
  const itemsPerPage = query.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE;
  const empty = { currentCents: 0, previousCents: 0, changeCents: 0, changePercent: null, currentPlays: 0, previousPlays: 0 };
  const base = {
    '@id': '/api/v2/comparative-analysis',
    '@type': 'ComparativeAnalysis' as const,
    subject: query.subject,
    from: query.from,
    to: query.to,
    compareFrom: query.compareFrom,
    compareTo: query.compareTo,
    page,
    itemsPerPage,
  };
  if (filters.companies?.length === 0) return { ...base, rows: [], totalItems: 0, totals: empty };

  const summed = (from: string, to: string) => sql`
    select ${SUBJECT[query.subject]} as subject, r.company_id,
      sum(r.coins_cents + r.notes_cents + r.cashless_cents + r.card_cents + r.tokens_cents) as gross, sum(r.plays) as plays
    from (${rollupRows({ ...filters, from, to, period: 'range' })}) r
    left join locations l on l.id = r.location_id
    group by 1, 2`;
  const percent = sql.raw(
    `case when coalesce(b.gross, 0) = 0 then null else round((coalesce(a.gross, 0) - b.gross) * 100.0 / b.gross, 2) end`,
  );
  const result = await db.execute(sql`
    with a as (${summed(query.from, query.to)}), b as (${summed(query.compareFrom, query.compareTo)}),
    j as (
      select coalesce(a.subject, b.subject) as subject, coalesce(a.company_id, b.company_id) as company_id,
        coalesce(a.gross, 0) as "currentCents", coalesce(b.gross, 0) as "previousCents",
        coalesce(a.gross, 0) - coalesce(b.gross, 0) as "changeCents", ${percent} as "changePercent",
        coalesce(a.plays, 0) as "currentPlays", coalesce(b.plays, 0) as "previousPlays"
      from a full join b on b.subject is not distinct from a.subject and b.company_id = a.company_id
    ),
    named as (select j.*, ${NAME[query.subject]} as name, c.name as "companyName" from j join companies c on c.id = j.company_id),
    ranked as (
      select *, row_number() over (order by ${sql.raw(KEY[order.field])} is null, ${sql.raw(`${KEY[order.field]} ${order.dir}`)},
        subject nulls last, company_id) as rank
      from named
    )
    select
      (select count(*) from ranked) as count,
      (select coalesce(json_agg(t order by t.rank), '[]') from (select * from ranked order by rank limit ${itemsPerPage} offset ${(page - 1) * itemsPerPage}) t) as page,
      (select json_build_object('currentCents', coalesce(sum("currentCents"), 0), 'previousCents', coalesce(sum("previousCents"), 0),
        'currentPlays', coalesce(sum("currentPlays"), 0), 'previousPlays', coalesce(sum("previousPlays"), 0)) from ranked) as totals`);
  const [row] = (result as unknown as { rows: { count: unknown; page: unknown; totals: unknown }[] }).rows;
  const parse = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const lines = parse<Record<string, unknown>[]>(row?.page ?? '[]');
  const sums = parse<Record<string, unknown>>(row?.totals ?? '{}');
  const current = Number(sums.currentCents ?? 0);
  const previous = Number(sums.previousCents ?? 0);
  return {
    ...base,
    rows: lines.map((r) => ({
      rank: Number(r.rank),
      subject: r.subject === null ? null : iri(TYPES[query.subject], Number(r.subject)),
      name: (r.name as string | null) ?? null,
      company: iri('companies', Number(r.company_id)),
      companyName: String(r.companyName),
      currentCents: Number(r.currentCents),
      previousCents: Number(r.previousCents),
      changeCents: Number(r.changeCents),
      changePercent: r.changePercent === null ? null : Number(r.changePercent),
      currentPlays: Number(r.currentPlays),
      previousPlays: Number(r.previousPlays),
    })),
    totalItems: Number(row?.count ?? 0),
    totals: {
      currentCents: current,
      previousCents: previous,
      changeCents: current - previous,
      changePercent: previous === 0 ? null : Math.round(((current - previous) * 10_000) / previous) / 100,
      currentPlays: Number(sums.currentPlays ?? 0),
      previousPlays: Number(sums.previousPlays ?? 0),
    },
  };
}
