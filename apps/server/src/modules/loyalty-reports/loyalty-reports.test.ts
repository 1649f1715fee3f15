import {
  addDays,
  businessDate,
  type CardHolder,
  type LoyaltyCard,
  type LoyaltyCardReport,
  type LoyaltyGeneralReport,
  type LoyaltyHolderReport,
  type LoyaltyOwnerReport,
} from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, sendEvents, uniqueOib } from '../../testing/fixtures.ts';
import { loyaltyProgramme } from '../../testing/loyalty.ts';

/**
 * A programme through the API: the operator's own (a bonus promotion +20 % from 50 €) and a partner
 * keeping 12,5 % of its cards' spends; two holders, three cards, top-ups at a point of sale, spends
 * on a machine (telemetry `card` events), a staff correction. Two spends straddle Zagreb's midnight
 * starting 29 March 2026 (23:00 UTC, still CET: the clocks change at 02:00 that night).
 */
const t = await testApp();
// The other company runs a loyalty programme too: its manager reaches the reports and sees nothing of Zabavni's.
await t.db.execute(sql`update companies set active_modules = array_append(active_modules, 'loyalty') where oib = '98765432198'`);
const p = await loyaltyProgramme(t);
await p.post('/api/v2/promotions', {
  owner: p.owner['@id'],
  name: 'Proljeće',
  kind: 'bonus',
  validFrom: '2026-01-01',
  tiers: [{ fromCents: 5000, bonusBp: 2000 }],
});
const partner = await p.post('/api/v2/loyalty-owners', { name: 'Caffe bar Mali', oib: uniqueOib(), commissionPercentage: 12.5 });
const holder = (name: string, owner: string) => p.post<CardHolder>('/api/v2/card-holders', { owner, name, surname: 'Horvat' });
const ana = await holder('Ana', p.owner['@id']);
const ivo = await holder('Ivo', partner['@id']);
const card = (owner: string, uid: string, number: string, holderIri: string) =>
  p.post<LoyaltyCard>('/api/v2/loyalty-cards', { owner, uid, number, holder: holderIri });
const a = await card(p.owner['@id'], 'AA0001', 'R-1', ana['@id']);
const b = await card(p.owner['@id'], 'AA0002', 'R-2', ana['@id']);
const c = await card(partner['@id'], 'AA0003', 'R-3', ivo['@id']);

const topUp = async (target: LoyaltyCard, paidCents: number) => {
  const res = await t.json('manager', {
    method: 'POST',
    url: '/api/v2/top-ups',
    payload: { card: target['@id'], posLocation: p.posLocation['@id'], posWorker: p.worker['@id'], paidCents, payment: 'cash' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};
await topUp(a, 6000); // + 1.200 bonus
await topUp(b, 1000);
await topUp(c, 3000);
const machine = await createDeviceWithLogger(t);
const now = Date.now();
await sendEvents(t, machine.logger, [
  { seq: 1, at: new Date(now - 60_000).toISOString(), type: 'card', cardUid: 'AA0001', valueCents: 6500 }, // 6.000 paid + 500 bonus
  { seq: 2, at: new Date(now - 50_000).toISOString(), type: 'card', cardUid: 'AA0003', valueCents: 1000 },
  { seq: 3, at: new Date(now - 40_000).toISOString(), type: 'card', cardUid: 'AA0003', valueCents: 234 },
  // 28 March 23:59:30 and 29 March 00:00:30 in Zagreb, sent today (late: before the top-ups in time).
  { seq: 4, at: '2026-03-28T22:59:30Z', type: 'card', cardUid: 'AA0002', valueCents: 100 },
  { seq: 5, at: '2026-03-28T23:00:30Z', type: 'card', cardUid: 'AA0002', valueCents: 200 },
]);
const correction = await t.json('manager', {
  method: 'POST',
  url: '/api/v2/card-transactions',
  payload: { card: b['@id'], paidCents: 500, bonusCents: 50, note: 'Kovanica zapela' },
});
expect(correction.status, JSON.stringify(correction.body)).toBe(201);

const today = businessDate();
/**
 * The reports of "today" run from the day of the first spend: a minute ago, which in the first minute
 * after Zagreb's midnight was yesterday (the top-ups, a moment later, are today's).
 */
const since = businessDate(now - 60_000);
const get = <T>(url: string, user = 'manager') => t.json<T>(user, { url: `/api/v2/loyalty-reports/${url}` });
const balances = async () => {
  const result = await t.db.execute(
    sql`select coalesce(sum(paid_cents), 0)::int as paid, coalesce(sum(bonus_cents), 0)::int as bonus from loyalty_cards`,
  );
  const [row] = (result as unknown as { rows: { paid: number; bonus: number }[] }).rows;
  return { paid: Number(row?.paid), bonus: Number(row?.bonus) };
};

describe('loyalty general report', () => {
  it('ends with the cards’ current balances, and moves by top-ups + bonuses + corrections − spends', async () => {
    const res = await get<LoyaltyGeneralReport>(`general?from=${addDays(today, -60)}&to=${today}&period=week`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { totals, periods } = res.body;
    const now = await balances();
    expect(now).toEqual({ paid: 6000 - 6000 + 1000 - 300 + 500 + 3000 - 1234, bonus: 1200 - 500 + 50 });
    expect([totals.outstandingPaidCents, totals.outstandingBonusCents]).toEqual([now.paid, now.bonus]);
    expect(totals).toMatchObject({
      cardsIssued: 3,
      cardsActive: 3,
      topUps: 3,
      topUpPaidCents: 10_000,
      bonusCents: 1200,
      spends: 3,
      spendPaidCents: 6000 + 1234,
      spendBonusCents: 500,
      adjustmentPaidCents: 500,
      adjustmentBonusCents: 50,
    });
    // The spends of March are before the range: the opening balance owes their 3 € back.
    expect([totals.openingPaidCents, totals.openingBonusCents]).toEqual([-300, 0]);
    expect(totals.outstandingPaidCents - totals.openingPaidCents).toBe(
      totals.topUpPaidCents + totals.adjustmentPaidCents - totals.spendPaidCents,
    );
    expect(totals.outstandingBonusCents - totals.openingBonusCents).toBe(
      totals.bonusCents + totals.adjustmentBonusCents - totals.spendBonusCents,
    );
    // Period by period too, the weeks clamped to the range.
    expect(periods[0]?.periodStart).toBe(addDays(today, -60));
    expect(periods.at(-1)?.periodEnd).toBe(today);
    let paid = totals.openingPaidCents;
    let bonus = totals.openingBonusCents;
    for (const period of periods) {
      paid += period.topUpPaidCents + period.adjustmentPaidCents - period.spendPaidCents;
      bonus += period.bonusCents + period.adjustmentBonusCents - period.spendBonusCents;
      expect([period.outstandingPaidCents, period.outstandingBonusCents], period.periodStart).toEqual([paid, bonus]);
    }
  });

  it('cuts days at midnight in Zagreb', async () => {
    const march = await get<LoyaltyGeneralReport>('general?from=2026-03-27&to=2026-03-30&period=day');
    expect(march.status).toBe(200);
    expect(march.body.periods.map((d) => [d.periodStart, d.spends, d.spendPaidCents, d.outstandingPaidCents, d.cardsActive])).toEqual([
      ['2026-03-27', 0, 0, 0, 0],
      ['2026-03-28', 1, 100, -100, 1],
      ['2026-03-29', 1, 200, -300, 1],
      ['2026-03-30', 0, 0, -300, 0],
    ]);
    expect(march.body.totals).toMatchObject({ spends: 2, cardsActive: 1, openingPaidCents: 0, outstandingPaidCents: -300 });
    const month = await get<LoyaltyGeneralReport>('general?from=2026-03-01&to=2026-04-30');
    expect(month.body.periods.map((m) => [m.periodStart, m.periodEnd, m.spendPaidCents])).toEqual([
      ['2026-03-01', '2026-03-31', 300],
      ['2026-04-01', '2026-04-30', 0],
    ]);
  });

  it('narrows to an owner, and refuses a range the wrong way round or too long by day', async () => {
    const own = await get<LoyaltyGeneralReport>(`general?from=${since}&to=${today}&owner=${encodeURIComponent(partner['@id'])}`);
    expect(own.body.totals).toMatchObject({ cardsIssued: 1, topUpPaidCents: 3000, spendPaidCents: 1234, outstandingPaidCents: 1766 });
    expect((await get(`general?from=${today}&to=${addDays(today, -1)}`)).status).toBe(422);
    expect((await get('general?from=2025-01-01&to=2026-06-30&period=day')).status).toBe(422);
    expect((await get('general?from=2025-01-01&to=2026-06-30&period=month')).status).toBe(200);
    expect((await get(`general?from=${today}&to=${today}&owner=nonsense`)).status).toBe(400);
  });
});

describe('loyalty owner report', () => {
  it('settles a partner: its spends on the operator’s machines less the commission it keeps, rounded to the cent', async () => {
    const res = await get<LoyaltyOwnerReport>(`owners?from=${since}&to=${today}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [operator, mali] = res.body.rows;
    expect(operator).toMatchObject({ name: p.owner.name, isOperator: true, cards: 2, settlement: null, outstandingPaidCents: 1200 });
    expect(operator).toMatchObject({ spendPaidCents: 6000, spendBonusCents: 500, bonusCents: 1200, adjustmentPaidCents: 500 });
    // 1.234 × 12,5 % = 154,25 → 154 kept, 1.080 owed.
    expect(mali).toMatchObject({
      name: 'Caffe bar Mali',
      isOperator: false,
      cards: 1,
      cardsActive: 1,
      topUps: 1,
      topUpPaidCents: 3000,
      spendPaidCents: 1234,
      outstandingPaidCents: 1766,
      settlement: { operatorSpendPaidCents: 1234, commissionPercentage: 12.5, commissionCents: 154, owedCents: 1080 },
    });
    expect(res.body.totals).toMatchObject({ cards: 3, operatorSpendPaidCents: 1234, owedCents: 1080, outstandingPaidCents: 2966 });
    // The settlement is of the range: nothing spent in March by the partner.
    const march = await get<LoyaltyOwnerReport>('owners?from=2026-03-01&to=2026-03-31');
    expect(march.body.rows.map((r) => [r.cards, r.settlement?.owedCents ?? null])).toEqual([
      [0, null],
      [0, 0],
    ]);
  });
});

describe('loyalty card and holder reports', () => {
  it('list cards by spends, top-ups or balance, with the balance at the end and the last use', async () => {
    const res = await get<LoyaltyCardReport>(`cards?from=${since}&to=${today}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows.map((r) => [r.number, r.spendPaidCents + r.spendBonusCents, r.balancePaidCents, r.balanceBonusCents])).toEqual([
      ['R-1', 6500, 0, 700],
      ['R-3', 1234, 1766, 0],
      ['R-2', 0, 1200, 50],
    ]);
    expect(res.body.rows[0]).toMatchObject({ holderName: 'Ana Horvat', ownerName: p.owner.name, topUps: 1, bonusCents: 1200 });
    expect(res.body.rows[0]?.lastUsedAt).toBe(new Date(now - 60_000).toISOString());
    expect(res.body.totals).toMatchObject({ balancePaidCents: 2966, balanceBonusCents: 750, topUpPaidCents: 10_000 });
    const byBalance = await get<LoyaltyCardReport>(`cards?from=${since}&to=${today}&order[balance]=desc&itemsPerPage=2`);
    expect(byBalance.body.rows.map((r) => r.number)).toEqual(['R-3', 'R-2']);
    expect(byBalance.body.totalItems).toBe(3);
    const partners = await get<LoyaltyCardReport>(`cards?from=${since}&to=${today}&owner=${encodeURIComponent(partner['@id'])}`);
    expect(partners.body.rows.map((r) => r.number)).toEqual(['R-3']);
    const flagged = await get<LoyaltyCardReport>(`cards?from=${since}&to=${today}&flagged=true`);
    expect(flagged.body.totalItems).toBe(0);
    // At the end of 28 March card R-2 had spent 1 € it did not have yet (it was topped up later).
    const march = await get<LoyaltyCardReport>('cards?from=2026-03-28&to=2026-03-28');
    expect(march.body.rows.map((r) => [r.number, r.balancePaidCents])).toEqual([['R-2', -100]]);
  });

  it('sum up each holder’s cards', async () => {
    const res = await get<LoyaltyHolderReport>(`holders?from=${since}&to=${today}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      res.body.rows.map((r) => [r.name, r.cards, r.topUpPaidCents, r.spendPaidCents, r.balancePaidCents, r.balanceBonusCents]),
    ).toEqual([
      ['Ana Horvat', 2, 7000, 6000, 1200, 750],
      ['Ivo Horvat', 1, 3000, 1234, 1766, 0],
    ]);
  });
});

describe('loyalty reports and tenancy', () => {
  it("show another company's manager nothing of Zabavni's programme", async () => {
    const general = await get<LoyaltyGeneralReport>(`general?from=${since}&to=${today}`, 'otherManager');
    expect(general.status).toBe(200);
    expect(general.body.totals).toMatchObject({ cardsIssued: 0, topUps: 0, spends: 0, outstandingPaidCents: 0 });
    const owner = `owner=${encodeURIComponent(p.owner['@id'])}`;
    for (const report of ['owners', 'cards', 'holders']) {
      const res = await get<{ rows: unknown[]; totalItems: number }>(`${report}?from=${since}&to=${today}&${owner}`, 'otherManager');
      expect([res.status, res.body.totalItems, res.body.rows]).toEqual([200, 0, []]);
    }
    const narrowed = await get<LoyaltyGeneralReport>(`general?from=${since}&to=${today}&company=/api/v2/companies/1`, 'otherManager');
    expect(narrowed.body.totals.topUps).toBe(0);
    // An admin's view holds every company: narrowed to Zabavni it is Zabavni's programme, to the other company nothing.
    const zabavni = await get<LoyaltyGeneralReport>(`general?from=${since}&to=${today}&company=/api/v2/companies/1`, 'admin');
    expect(zabavni.body.totals).toMatchObject({ topUps: 3, topUpPaidCents: 10_000, outstandingPaidCents: 2966 });
    const other = await t.db.execute(sql`select id from companies where oib = '98765432198'`);
    const otherId = (other as unknown as { rows: { id: number }[] }).rows[0]?.id;
    const elsewhere = await get<LoyaltyGeneralReport>(`general?from=${since}&to=${today}&company=/api/v2/companies/${otherId}`, 'admin');
    expect(elsewhere.body.totals).toMatchObject({ topUps: 0, outstandingPaidCents: 0 });
    expect((await get(`general?from=${today}&to=${today}`, 'worker')).status).toBe(403);
    expect((await get(`general?from=${today}&to=${today}`, 'accountant')).status).toBe(200);
  });
});
