import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

const SUMS = [
  'coins_cents',
  'notes_cents',
  'cashless_cents',
  'card_cents',
  'card_bonus_cents',
  'vat_cents',
  'sale_vat_cents',
  'tokens',
  'tokens_cents',
  'plays',
  'prizes_out',
  'events',
];

/**
 * Where the location rollups disagree with the device rollups summed per location (decision 0022):
 * each differing row as `table company/location/day: location … ≠ devices …`. Empty when they agree.
 */
export async function rollupDisagreements(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const [table, source, unit] of [
    ['location_daily', 'device_daily', 'day'],
    ['location_monthly', 'device_monthly', 'month'],
  ] as const) {
    const figures = ['devices', ...SUMS];
    const result = await db.execute(sql`
      select coalesce(l.company_id, d.company_id) as company, coalesce(l.location_key, d.location_key) as location,
        to_char(coalesce(l.${sql.raw(unit)}, d.${sql.raw(unit)}), 'YYYY-MM-DD') as at,
        json_build_array(${sql.raw(figures.map((f) => `l.${f}`).join(', '))}) as mine,
        json_build_array(${sql.raw(figures.map((f) => `d.${f}`).join(', '))}) as theirs
      from ${sql.raw(table)} l
      full join (
        select company_id, location_key, ${sql.raw(unit)}, count(*) as devices, ${sql.raw(SUMS.map((f) => `sum(${f}) as ${f}`).join(', '))}
        from ${sql.raw(source)} group by 1, 2, 3) d
        on d.company_id = l.company_id and d.location_key = l.location_key and d.${sql.raw(unit)} = l.${sql.raw(unit)}
      where ${sql.raw(figures.map((f) => `l.${f} is distinct from d.${f}`).join(' or '))}
      order by 1, 2, 3`);
    for (const row of (result as unknown as { rows: { company: number; location: number; at: string; mine: unknown; theirs: unknown }[] })
      .rows)
      found.push(
        `${table} ${row.company}/${row.location}/${row.at}: location ${JSON.stringify(row.mine)} ≠ devices ${JSON.stringify(row.theirs)}`,
      );
  }
  return found;
}
