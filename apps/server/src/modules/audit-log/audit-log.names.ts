import { type AuditReferenceField, type AuditValues, auditReferences, isAuditReference } from '@kovanica/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pgArray } from '../../db/units.ts';

type Kind = (typeof auditReferences)[AuditReferenceField];

/**
 * How a record of each kind the trail refers to is named, from its table: `t` is the row. Every kind
 * but the cities is of one company (`company_id`).
 */
const NAMED: Record<Kind, { table: string; name: string; shared?: true }> = {
  companies: { table: 'companies', name: 't.name' },
  devices: { table: 'devices', name: 't.name' },
  locations: { table: 'locations', name: 't.name' },
  lessors: { table: 'lessors', name: 't.name' },
  cities: { table: 'cities', name: 't.name', shared: true },
  loggers: { table: 'loggers', name: 't.imei' },
  tags: { table: 'tags', name: 't.name' },
  users: { table: 'users', name: `t.name || ' ' || t.surname` },
  articles: { table: 'articles', name: 't.name' },
  repositories: { table: 'repositories', name: 't.name' },
  bills: { table: 'bills', name: `t.number || '/' || t.premises || '/' || t.isu` },
  'loyalty-cards': { table: 'loyalty_cards', name: 't.number' },
  'loyalty-owners': { table: 'loyalty_owners', name: 't.name' },
  'card-holders': { table: 'card_holders', name: `t.name || ' ' || t.surname` },
  'pos-locations': { table: 'pos_locations', name: 't.name' },
  'pos-workers': { table: 'pos_workers', name: `t.name || ' ' || t.surname` },
  promotions: { table: 'promotions', name: 't.name' },
};

/** The record numbers a value of a reference field holds (one, or a list of them). */
const numbersIn = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is number => typeof v === 'number' && Number.isSafeInteger(v));

export type AuditNames = Record<string, Record<string, string>>;

/**
 * The names of the records a page of the trail refers to, per entry (decision 0028): by field and
 * number, for the records of `companies` (null: every company) and the cities. One statement.
 */
export async function auditNames(
  db: Db,
  companies: readonly number[] | null,
  entries: readonly { before: AuditValues | null; after: AuditValues | null }[],
): Promise<AuditNames[]> {
  const wanted = new Map<Kind, Set<number>>();
  for (const entry of entries)
    for (const values of [entry.before, entry.after])
      for (const [key, value] of Object.entries(values ?? {}))
        if (isAuditReference(key)) {
          const kind = auditReferences[key];
          const ids = wanted.get(kind) ?? new Set<number>();
          for (const id of numbersIn(value)) ids.add(id);
          wanted.set(kind, ids);
        }
  const reads = [...wanted].filter(([, ids]) => ids.size > 0);
  const found = new Map<string, string>();
  if (reads.length) {
    const parts: SQL[] = reads.map(([kind, ids]) => {
      const { table, name, shared } = NAMED[kind];
      const id = kind === 'companies' ? 't.id' : 't.company_id';
      const scope = shared || companies === null ? sql`true` : sql`${sql.raw(id)} = any(${pgArray(companies)}::int[])`;
      return sql`select ${kind}::text as kind, t.id, ${sql.raw(name)} as name from ${sql.raw(table)} t
        where t.id = any(${pgArray([...ids])}::int[]) and ${scope}`;
    });
    const result = (await db.execute(sql.join(parts, sql` union all `))) as unknown as {
      rows: { kind: string; id: number; name: string }[];
    };
    for (const row of result.rows) found.set(`${row.kind}/${Number(row.id)}`, row.name);
  }
  return entries.map((entry) => {
    const names: AuditNames = {};
    for (const values of [entry.before, entry.after])
      for (const [key, value] of Object.entries(values ?? {})) {
        if (!isAuditReference(key)) continue;
        const field = names[key] ?? {};
        for (const id of numbersIn(value)) {
          const name = found.get(`${auditReferences[key]}/${id}`);
          if (name !== undefined) field[String(id)] = name;
        }
        if (Object.keys(field).length) names[key] = field;
      }
    return names;
  });
}
