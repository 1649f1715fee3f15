import type { Bill, CardTransaction, Collection, LoyaltyCard, TopUp } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { mergePatch, testApp } from '../../testing/app.ts';
import { loyaltyProgramme } from '../../testing/loyalty.ts';

const t = await testApp();
const p = await loyaltyProgramme(t);
// +10 % from 20 €, +20 % from 50 € (the demo's promotion, docs/rules.md "The demo").
await p.post('/api/v2/promotions', {
  owner: p.owner['@id'],
  name: 'Jesen',
  kind: 'bonus',
  validFrom: '2026-01-01',
  tiers: [
    { fromCents: 2000, bonusBp: 1000 },
    { fromCents: 5000, bonusBp: 2000 },
  ],
});
const topUp = (card: LoyaltyCard, paidCents: number, extra: object = {}) =>
  t.json<TopUp>('manager', {
    method: 'POST',
    url: '/api/v2/top-ups',
    payload: { card: card['@id'], posLocation: p.posLocation['@id'], posWorker: p.worker['@id'], paidCents, payment: 'cash', ...extra },
  });
const cardNow = async (card: LoyaltyCard) => (await t.json<LoyaltyCard>('manager', { url: card['@id'] })).body;

describe('top-ups', () => {
  it('add the paid credit and the best promotion bonus apart, with a bill on the point of sale and a ledger row', async () => {
    const card = await p.card();
    const small = await topUp(card, 1000);
    expect(small.status).toBe(201);
    expect(small.body).toMatchObject({ paidCents: 1000, bonusCents: 0, promotion: null, paidAfterCents: 1000, bonusAfterCents: 0 });
    const big = await topUp(card, 6000, { payment: 'card' });
    expect(big.body).toMatchObject({
      paidCents: 6000,
      bonusCents: 1200,
      promotionName: 'Jesen',
      posWorkerName: 'Iva Blagajnica',
      userName: 'Marko Horvat',
    });
    expect(big.body).toMatchObject({ paidAfterCents: 7000, bonusAfterCents: 1200 });
    expect(big.body.billNumber).toMatch(/^\d+\/POS1\/1$/);
    const bill = (await t.json<Bill>('manager', { url: big.body.bill ?? '' })).body;
    expect(bill).toMatchObject({ totalCents: 6000, payment: 'K', kind: 'manual', vatCents: 1200 });
    // A staffed desk's bill names the worker who sold (their OIB), not the company nor who keyed it in.
    expect(bill.operatorOib).toBe(p.worker.oib);
    expect(bill.operatorOib).not.toBe(bill.oib);
    expect(await cardNow(card)).toMatchObject({ paidCents: 7000, bonusCents: 1200, balanceCents: 8200 });
    const ledger = (
      await t.json<Collection<CardTransaction>>('manager', { url: `/api/v2/card-transactions?card=${card.id}&order[at]=asc` })
    ).body.member;
    expect(ledger.map((e) => [e.kind, e.paidCents, e.bonusCents, e.topUp])).toEqual([
      ['top_up', 1000, 0, small.body['@id']],
      ['top_up', 6000, 1200, big.body['@id']],
    ]);
    // The ledger says where and by whom credit was sold: the point of sale and its worker (not who keyed it in).
    expect(ledger.map((e) => [e.locationName, e.userName])).toEqual([
      [p.posLocation.name, 'Iva Blagajnica'],
      [p.posLocation.name, 'Iva Blagajnica'],
    ]);
  });

  it('answer the first top-up when the same request id comes again, also at once, and refuse it for another sale', async () => {
    const card = await p.card();
    const same = { requestId: 'desk-2026-0001' };
    const answers = await Promise.all([topUp(card, 2000, same), topUp(card, 2000, same), topUp(card, 2000, same)]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    // The first made it (201); the others answer it (200), as the terminal's route does.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect((await topUp(card, 2000, same)).status).toBe(200);
    expect(await cardNow(card)).toMatchObject({ paidCents: 2000, bonusCents: 200 });
    const other = await topUp(card, 3000, same);
    expect(other.status).toBe(409);
    expect(await cardNow(card)).toMatchObject({ paidCents: 2000 });
  });

  it('are refused for a blocked card and a worker of another point of sale, and change nothing', async () => {
    const card = await p.card();
    await t.as('manager', {
      method: 'PATCH',
      url: card['@id'],
      headers: mergePatch,
      payload: { status: 'blocked', statusReason: 'Stolen' },
    });
    const blocked = await topUp(card, 2000);
    expect(blocked.status).toBe(409);
    const second = await p.post('/api/v2/pos-locations', {
      posOwner: p.posOwner['@id'],
      name: 'Blagajna 2',
      premisesLabel: 'POS2',
      isu: '1',
    });
    const active = await p.card();
    const wrongDesk = await topUp(active, 2000, { posLocation: second['@id'] });
    expect(wrongDesk.status).toBe(422);
    const bills = (await t.json<Collection<Bill>>('manager', { url: '/api/v2/bills?premises=POS2' })).body;
    expect(bills.member).toEqual([]);
    expect((await cardNow(card)).balanceCents + (await cardNow(active)).balanceCents).toBe(0);
  });

  it('are read by accountants, sold by managers only, hidden from another company', async () => {
    const card = await p.card();
    const sold = await topUp(card, 500);
    expect((await t.as('accountant', { url: sold.body['@id'] })).statusCode).toBe(200);
    expect((await t.as('accountant', { method: 'POST', url: '/api/v2/top-ups', payload: {} })).statusCode).toBe(403);
    expect((await t.as('worker', { url: sold.body['@id'] })).statusCode).toBe(403);
  });
});
