import type { Collection, FinanceReport, Maintenance } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../testing/app.ts';
import { FLEET_SINCE } from './fleet.ts';
import { seedMaintenance } from './maintenance.ts';

const t = await testApp();
// Five months after the fleet was placed.
const now = new Date(FLEET_SINCE.getTime() + 150 * 86_400_000);
const written = await seedMaintenance(t.db, now);

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('the demo maintenance', () => {
  it('gives every device its upkeep since it was placed, by its company’s worker, once', async () => {
    const devices = await rows<{ n: number }>(sql`select count(*)::int as n from devices`);
    const kept = await rows<{ n: number }>(sql`select count(distinct device_id)::int as n from maintenance`);
    expect(written).toBeGreaterThan(devices[0]?.n ?? 0);
    expect(kept[0]?.n).toBe(devices[0]?.n);
    const types = await rows<{ type: string }>(sql`select distinct type from maintenance order by 1`);
    expect(types.map((r) => r.type)).toEqual(['cleaning', 'inspection', 'repair', 'service']);
    const span = await rows<{ first: string; last: string }>(
      sql`select to_char(min(date), 'YYYY-MM-DD') as first, to_char(max(date), 'YYYY-MM-DD') as last from maintenance`,
    );
    expect(span[0]?.first >= FLEET_SINCE.toISOString().slice(0, 10)).toBe(true);
    expect(span[0]?.last <= now.toISOString().slice(0, 10)).toBe(true);
    // The worker of the company did it; a company without one, its manager.
    const list = await t.json<Collection<Maintenance>>('manager', { url: '/api/v2/maintenance?itemsPerPage=5' });
    expect(list.body.member[0]?.performedByName).toBe('Luka Babić');
    expect(await seedMaintenance(t.db, now)).toBe(0);
  });

  it('counts in EBITDA: the company report’s maintenance is the records’ costs', async () => {
    const [costs] = await rows<{ cents: number }>(sql`
      select coalesce(sum(cost_cents), 0)::int as cents from maintenance where company_id = 1
        and date between ${FLEET_SINCE.toISOString().slice(0, 10)}::date and ${now.toISOString().slice(0, 10)}::date`);
    expect(costs?.cents).toBeGreaterThan(0);
    const report = await t.json<FinanceReport>('manager', {
      url: `/api/v2/finance-report?subject=company&from=${FLEET_SINCE.toISOString().slice(0, 10)}&to=${now.toISOString().slice(0, 10)}&period=month`,
    });
    expect(report.status).toBe(200);
    expect(report.body.totals.maintenanceCents).toBe(costs?.cents);
  });
});
