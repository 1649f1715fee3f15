import type { Collection, Movement, PrizeStock, Repository, StockLevel } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FiscalKeys } from '../fiscal/keys.ts';
import { FISCAL_TEST_SECRET, testApp } from '../testing/app.ts';
import { FLEET_SINCE } from './fleet.ts';
import { seedHistory } from './history.ts';
import { seedStock } from './stock.ts';

const t = await testApp();
// Five weeks of the fleet's telemetry, then the stock that follows it.
const now = new Date(FLEET_SINCE.getTime() + 35 * 86_400_000);
await seedHistory(t.db, new FiscalKeys(FISCAL_TEST_SECRET), { now });
const booked = await seedStock(t.db, { now });

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('the demo stock', () => {
  it('books receipts, transfers, loads, an adjustment and a reversed receipt, for each company with the module', async () => {
    expect(booked).toBeGreaterThan(50);
    const kinds = await rows<{ company: string; kind: string; n: number }>(sql`
      select c.name as company, m.kind, count(*)::int as n from stock_movements m join companies c on c.id = m.company_id
      group by c.name, m.kind order by 1, 2`);
    expect(kinds.filter((k) => k.company === 'Zabavni automati d.o.o.').map((k) => k.kind)).toEqual([
      'adjustment',
      'issue',
      'receipt',
      'transfer',
    ]);
    expect(kinds.some((k) => k.company === 'Drugi automati j.d.o.o.' && k.kind === 'issue')).toBe(true);
    const adjustments = await t.json<Collection<Movement>>('manager', { url: '/api/v2/movements?kind=adjustment' });
    expect(adjustments.body.member[0]?.reason).toMatch(/Inventura/);
    const receipts = await t.json<Collection<Movement>>('manager', { url: '/api/v2/movements?kind=receipt&itemsPerPage=200' });
    const reversal = receipts.body.member.find((m) => m.reverses !== null);
    expect(receipts.body.member.find((m) => m['@id'] === reversal?.reverses)?.reversedBy).toBe(reversal?.['@id']);
    expect(await seedStock(t.db, { now })).toBe(0); // seeded once
  });

  it('leaves stock levels that the movements add up to, never below zero, and article totals that match', async () => {
    const mismatched = await rows<{ repository_id: number }>(sql`
      with moved as (
        select to_repository_id as repository_id, article_id, abs(quantity) as q from stock_movements where to_repository_id is not null
        union all select from_repository_id, article_id, -abs(quantity) from stock_movements where from_repository_id is not null)
      select m.repository_id from moved m
      full join stock_levels l on l.repository_id = m.repository_id and l.article_id = m.article_id
      group by m.repository_id, m.article_id, l.quantity
      having coalesce(sum(m.q), 0) <> coalesce(l.quantity, 0)`);
    expect(mismatched).toEqual([]);
    const totals = await rows<{ id: number }>(sql`
      select a.id from articles a where a.quantity <> coalesce((select sum(quantity) from stock_levels l where l.article_id = a.id), 0)`);
    expect(totals).toEqual([]);
    const repositories = await t.json<Collection<Repository>>('manager', { url: '/api/v2/repositories' });
    expect(repositories.body.member.map((r) => r.type).sort()).toEqual(['van', 'van', 'warehouse']);
    expect(repositories.body.member.every((r) => r.responsibleWorkerName !== null)).toBe(true);
    const warehouse = repositories.body.member.find((r) => r.type === 'warehouse') as Repository;
    const held = await t.json<Collection<StockLevel>>('manager', { url: `${warehouse['@id']}/stock` });
    expect(held.body.member.every((l) => l.quantity > 0 && l.averagePurchasePriceCents !== null)).toBe(true);
  });

  it('loads the prize devices ahead of what they pay out: none runs out, a few are low', async () => {
    const stocks = (await t.json<Collection<PrizeStock>>('manager', { url: '/api/v2/prize-stock' })).body.member;
    expect(stocks.length).toBe(14);
    expect(stocks.every((s) => s.left >= 0 && s.paidOut > 0 && s.loaded === s.paidOut + s.left)).toBe(true);
    expect(stocks.filter((s) => s.left < 10).length).toBe(3);
    expect(stocks.filter((s) => s.left >= 15).length).toBe(11);
    // The first load came before the first prize went out: every prize counts.
    const [out] = await rows<{ n: number }>(sql`
      select coalesce(sum(e.count), 0)::int as n from telemetry_events e join devices d on d.id = e.device_id
      where e.type = 'prize_out' and d.company_id = (select id from companies where name = 'Zabavni automati d.o.o.')`);
    expect(stocks.reduce((n, s) => n + s.paidOut, 0)).toBe(out?.n);
  });
});
