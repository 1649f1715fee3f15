import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FiscalKeys } from '../fiscal/keys.ts';
import { FISCAL_TEST_SECRET, testApp } from '../testing/app.ts';
import { FLEET_SINCE } from './fleet.ts';
import { seedHistory } from './history.ts';
import { seedImports } from './imports.ts';
import { DEMO_CARDS, seedLoyalty, settleDemoCards } from './loyalty.ts';
import { seedAuditTrail } from './trail.ts';

const t = await testApp();
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

describe("the demo's loyalty programme", () => {
  it('spends its cards in the history, topped up before they run dry, every balance its ledger', async () => {
    const now = new Date(FLEET_SINCE.getTime() + 6 * 86_400_000);
    await seedLoyalty(t.db, now);
    await seedHistory(t.db, new FiscalKeys(FISCAL_TEST_SECRET), { now });
    await settleDemoCards(t.db, now);
    const [counts] = await rows<{
      cards: number;
      spends: number;
      top_ups: number;
      bills: number;
      negative: number;
      unflagged: number;
      statuses: number;
    }>(sql`
      select (select count(*)::int from loyalty_cards) as cards,
        (select count(*)::int from card_transactions where kind = 'spend') as spends,
        (select count(*)::int from top_ups) as top_ups,
        (select count(*)::int from top_ups t join bills b on b.id = t.bill_id and b.total_cents = t.paid_cents) as bills,
        (select count(*)::int from loyalty_cards where paid_cents < 0 and flagged) as negative,
        (select count(*)::int from loyalty_cards where paid_cents < 0 and not flagged) as unflagged,
        (select count(distinct status)::int from loyalty_cards) as statuses`);
    expect(counts?.cards).toBeGreaterThanOrEqual(DEMO_CARDS);
    expect(counts?.spends).toBeGreaterThan(50);
    expect(counts?.top_ups).toBeGreaterThan(10);
    expect(counts?.bills).toBe(counts?.top_ups);
    // Topped up before each spend: in the red are only the three left without top-ups in the last month, flagged.
    expect(counts?.negative).toBe(3);
    expect(counts?.unflagged).toBe(0);
    expect(counts?.statuses).toBe(3);
    const drift = await rows<{ id: number }>(sql`
      select c.id from loyalty_cards c left join (select card_id, sum(paid_cents) as paid, sum(bonus_cents) as bonus from card_transactions group by 1) l
        on l.card_id = c.id where c.paid_cents <> coalesce(l.paid, 0) or c.bonus_cents <> coalesce(l.bonus, 0)`);
    expect(drift).toEqual([]);

    // Sold in time order across the cards: each top-up's bill is issued when it was paid (a point of
    // sale's numbers never run against time, so a sale made out of order would be billed later).
    const [late] = await rows<{ n: number }>(sql`
      select count(*)::int as n from top_ups t join bills b on b.id = t.bill_id where b.issued_at <> t.at`);
    expect(late?.n).toBe(0);

    // Each top-up is in the trail at the sale's time, not the seed's.
    const [trail] = await rows<{ entries: number; elsewhen: number }>(sql`
      select count(*)::int as entries, count(*) filter (where a.at <> t.at)::int as elsewhen
      from top_ups t join audit_log a on a.resource = 'top-ups' and a.record_id = t.id`);
    expect(trail).toEqual({ entries: counts?.top_ups, elsewhen: 0 });

    // The lost and the blocked card: each changed by the company's manager, in the trail at that time.
    await seedAuditTrail(t.db);
    const changed = await rows<{ status: string; actor: string; at: Date; changed_at: Date; before: unknown; reason: string }>(sql`
      select c.status, a.actor, a.at, c.status_changed_at as changed_at, a.before, a.after->>'statusReason' as reason
      from loyalty_cards c join audit_log a on a.resource = 'loyalty-cards' and a.record_id = c.id
      where c.status <> 'active' order by c.status`);
    expect(changed.map((c) => [c.status, c.actor])).toEqual([
      ['blocked', 'manager@zabavni.test'],
      ['lost', 'manager@zabavni.test'],
    ]);
    for (const c of changed) {
      expect(c.at).toEqual(c.changed_at);
      expect(c.before).toMatchObject({ status: 'active', statusReason: null });
      expect(c.reason).toBeTruthy();
    }

    // A card is older than everything written on it.
    const [older] = await rows<{ n: number }>(sql`
      select count(*)::int as n from loyalty_cards c where exists (select 1 from card_transactions t where t.card_id = c.id and t.at < c.created_at)`);
    expect(older?.n).toBe(0);
    // A partner's sales brought onto its cards: each correction with its author, named in the trail as a person.
    const [partner] = await rows<{ corrections: number; authored: number; audited: number }>(sql`
      select count(*)::int as corrections, count(t.user_id)::int as authored,
        count(*) filter (where exists (select 1 from audit_log a where a.resource = 'card-transactions' and a.record_id = t.id
          and a.action = 'correction' and a.actor = 'manager@zabavni.test' and a.at = t.at))::int as audited
      from card_transactions t where t.kind = 'adjustment'`);
    expect(partner?.corrections).toBeGreaterThan(0);
    expect(partner).toEqual({ corrections: partner?.corrections, authored: partner?.corrections, audited: partner?.corrections });
    // The terminals' top-ups name the worker and the point of sale, not a number.
    const actors = await rows<{ actor: string }>(sql`select distinct actor from audit_log where resource = 'top-ups'`);
    expect(actors.length).toBeGreaterThan(0);
    for (const { actor } of actors) expect(actor).toMatch(/^\S+ \S+ · POS BLAG\d$/);
  });

  it('has the 50 cards its card import wrote, blank, created when the file was imported', async () => {
    const now = new Date();
    await seedImports(t.db, { now });
    const [cardImport] = await rows<{ written: number; at: Date }>(sql`
      select rows_written as written, created_at as at from imports where kind = 'loyalty-cards'`);
    const [imported] = await rows<{ n: number; blank: number }>(sql`
      select count(*)::int as n, count(*) filter (where holder_id is null and paid_cents = 0 and bonus_cents = 0)::int as blank
      from loyalty_cards where created_at = ${new Date(cardImport?.at ?? 0).toISOString()}::timestamptz`);
    expect(imported).toEqual({ n: cardImport?.written, blank: cardImport?.written });
  });

  it('its happy hour names the kiddie rides it applies to (a happy hour needs one device at least)', async () => {
    const [hour] = await rows<{ devices: number; rides: number }>(sql`
      select cardinality(p.device_ids)::int as devices,
        (select count(*)::int from devices d where d.id = any(p.device_ids) and d."group" = 'kiddie_ride' and d.company_id = p.company_id) as rides
      from promotions p where p.kind = 'happy_hour'`);
    expect(hour?.devices).toBeGreaterThan(0);
    expect(hour?.rides).toBe(hour?.devices);
  });
});
