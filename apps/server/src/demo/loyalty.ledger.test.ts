import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FiscalKeys } from '../fiscal/keys.ts';
import { FISCAL_TEST_SECRET, testApp } from '../testing/app.ts';
import { FLEET_SINCE } from './fleet.ts';
import { seedHistory } from './history.ts';
import { seedLoyalty } from './loyalty.ts';

const t = await testApp();

describe("the demo cards' ledgers", () => {
  // Three months: long enough for cards to spend their first top-up's bonus before the next one. The
  // seeding's time follows the host's load (35 s and 73 s measured at load averages of 8–14 on 2 cores):
  // a correctness test, given room beyond the suite's 30 s.
  it('read in time order: the paid credit spent first, then the bonus, each row with the balance after it', async () => {
    const now = new Date(FLEET_SINCE.getTime() + 90 * 86_400_000);
    await seedLoyalty(t.db, now);
    await seedHistory(t.db, new FiscalKeys(FISCAL_TEST_SECRET), { now });
    const result = await t.db.execute(sql`
      select count(*) filter (where kind = 'spend' and paid < 0 and bonus > 0)::int as overspent,
        count(*) filter (where paid <> paid_after_cents or bonus <> bonus_after_cents)::int as misstated,
        count(*) filter (where kind = 'spend' and bonus_cents < 0)::int as bonus_spent,
        count(*) filter (where kind = 'spend')::int as spends
      from (select kind, paid_cents, bonus_cents, paid_after_cents, bonus_after_cents,
          sum(paid_cents) over w as paid, sum(bonus_cents) over w as bonus
        from card_transactions window w as (partition by card_id order by at, id)) x`);
    const [order] = (result as unknown as { rows: Record<string, number>[] }).rows;
    expect(order?.spends).toBeGreaterThan(100);
    // No spend leaves the paid credit below zero while bonus is left; the bonus is spent when it is reached.
    expect(order).toMatchObject({ overspent: 0, misstated: 0 });
    expect(order?.bonus_spent).toBeGreaterThan(0);
    const drift = await t.db.execute(sql`
      select c.id from loyalty_cards c left join (select card_id, sum(paid_cents) as paid, sum(bonus_cents) as bonus from card_transactions group by 1) l
        on l.card_id = c.id where c.paid_cents <> coalesce(l.paid, 0) or c.bonus_cents <> coalesce(l.bonus, 0)`);
    expect((drift as unknown as { rows: unknown[] }).rows).toEqual([]);
  }, 120_000);
});
