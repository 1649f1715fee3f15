import {
  type Article,
  type ArticleCreate,
  type Collection,
  type Device,
  iri,
  type Movement,
  type MovementCreate,
  type MovementReverse,
  type PrizeStock,
  type Repository,
  type StockLevel,
} from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index.ts';
import { demoCredential } from '../../demo/fleet.ts';
import { type DemoUser, mergePatch, testApp } from '../../testing/app.ts';

const t = await testApp();

interface Problem {
  status: number;
  message: string;
  detail: string;
  violations?: { propertyPath: string; code: string; message: string }[];
}

/** A fresh article and a warehouse and van of the caller's company: each test moves its own stock. */
interface Stock {
  article: Article;
  warehouse: Repository;
  van: Repository;
}
let serial = 0;
async function newStock(user: DemoUser = 'manager', article: Partial<ArticleCreate> = {}): Promise<Stock> {
  serial += 1;
  const create = async <T>(url: string, payload: object) => {
    const res = await t.json<T>(user, { method: 'POST', url, payload });
    if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  return {
    article: await create<Article>('/api/v2/articles', { name: `Prize ${serial}`, unit: 'pcs', purchaseNetCents: 100, ...article }),
    warehouse: await create<Repository>('/api/v2/repositories', { type: 'warehouse', name: `Warehouse ${serial}` }),
    van: await create<Repository>('/api/v2/repositories', { type: 'van', name: `Van ${serial}` }),
  };
}

const move = (user: DemoUser, body: MovementCreate, lang = 'en') =>
  t.json<Movement & Problem>(user, { method: 'POST', url: '/api/v2/movements', payload: body, headers: { 'accept-language': lang } });
const reverse = (user: DemoUser, movement: { '@id': string }, body: MovementReverse = {}) =>
  t.json<Movement & Problem>(user, { method: 'POST', url: `${movement['@id']}/reverse`, payload: body });
/** Books a movement that must succeed. */
async function booked(user: DemoUser, body: MovementCreate): Promise<Movement> {
  const res = await move(user, body);
  if (res.status !== 201) throw new Error(`movement refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
/** Loads `quantity` of a stock's article from its warehouse into a prize device, at `at`. */
const issueTo = (device: Device, s: Stock, quantity: number, at: string) =>
  booked('worker', { kind: 'issue', article: s.article['@id'], quantity, fromRepository: s.warehouse['@id'], device: device['@id'], at });
const receipt = (s: Stock, quantity: number, extra: Partial<MovementCreate> = {}) =>
  booked('manager', { kind: 'receipt', article: s.article['@id'], quantity, toRepository: s.warehouse['@id'], ...extra });

const stockOf = async (repository: Repository) =>
  (await t.json<Collection<StockLevel>>('manager', { url: `${repository['@id']}/stock` })).body.member;
const held = async (repository: Repository, article: Article) =>
  (await stockOf(repository)).find((l) => l.article === article['@id'])?.quantity ?? 0;
const articleNow = async (article: Article) => (await t.json<Article>('manager', { url: article['@id'] })).body;
const movementsOf = async (article: Article) =>
  (await t.json<Collection<Movement>>('manager', { url: `/api/v2/movements?article=${article.id}&itemsPerPage=200` })).body;

const devicesOf = async (query: string) => (await t.json<Collection<Device>>('manager', { url: `/api/v2/devices?${query}` })).body.member;
const [prizeDevice, secondPrizeDevice] = (await devicesOf('group=prize_device&order[id]=asc')) as [Device, Device];
const [kiddieRide] = (await devicesOf('group=kiddie_ride')) as [Device];
const [drugi] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Drugi automati j.d.o.o.'));
const prizeStock = async (device: Device, user: DemoUser = 'manager') =>
  (await t.json<PrizeStock>(user, { url: `${device['@id']}/prize-stock` })).body;

describe('movements of each kind', () => {
  it('a receipt adds to a repository at a purchase price, averaged into the article', async () => {
    const s = await newStock('manager', { supplier: 'Igračke Adria' });
    const first = await receipt(s, 10);
    expect(first).toMatchObject({
      kind: 'receipt',
      quantity: 10,
      toRepository: s.warehouse['@id'],
      toRepositoryName: s.warehouse.name,
      fromRepository: null,
      unitPriceCents: 100, // the article's net purchase price
      supplier: 'Igračke Adria',
      createdByName: 'Marko Horvat',
      reverses: null,
      reversedBy: null,
    });
    await receipt(s, 30, { unitPriceCents: 140, supplier: 'Drugi dobavljač' });
    expect(await articleNow(s.article)).toMatchObject({ quantityInStock: 40, averagePurchasePriceCents: 130, stockValueCents: 5_200 });
    const warehouse = (await t.json<Repository>('manager', { url: s.warehouse['@id'] })).body;
    expect(warehouse).toMatchObject({ articlesInStock: 1, unitsInStock: 40, stockValueCents: 5_200 });
    expect(await stockOf(s.warehouse)).toEqual([
      {
        article: s.article['@id'],
        articleName: s.article.name,
        unit: 'pcs',
        quantity: 40,
        averagePurchasePriceCents: 130,
        valueCents: 5_200,
      },
    ]);
  });

  it('a receipt needs a price when the article has none', async () => {
    const s = await newStock('manager', { purchaseNetCents: null });
    const res = await move('manager', { kind: 'receipt', article: s.article['@id'], quantity: 5, toRepository: s.warehouse['@id'] });
    expect(res.status).toBe(422);
    expect(res.body.violations?.[0]).toMatchObject({ propertyPath: 'unitPriceCents', code: 'required' });
  });

  it('a transfer moves units between two repositories; the article total stays', async () => {
    const s = await newStock();
    await receipt(s, 12);
    const transfer = await booked('worker', {
      kind: 'transfer',
      article: s.article['@id'],
      quantity: 5,
      fromRepository: s.warehouse['@id'],
      toRepository: s.van['@id'],
      note: 'Tjedna tura',
    });
    expect(transfer).toMatchObject({
      kind: 'transfer',
      fromRepositoryName: s.warehouse.name,
      toRepositoryName: s.van.name,
      unitPriceCents: 100,
    });
    expect(transfer.createdByName).toBe('Luka Babić');
    expect([await held(s.warehouse, s.article), await held(s.van, s.article)]).toEqual([7, 5]);
    expect((await articleNow(s.article)).quantityInStock).toBe(12);
    const same = await move('manager', {
      kind: 'transfer',
      article: s.article['@id'],
      quantity: 1,
      fromRepository: s.van['@id'],
      toRepository: s.van['@id'],
    });
    expect(same.body.violations?.[0]).toMatchObject({ propertyPath: 'toRepository', code: 'same_repository' });
  });

  it('an issue loads prizes from a repository into a prize device, and only into one', async () => {
    const s = await newStock();
    await receipt(s, 10);
    const load = await booked('worker', {
      kind: 'issue',
      article: s.article['@id'],
      quantity: 4,
      fromRepository: s.warehouse['@id'],
      device: prizeDevice['@id'],
    });
    expect(load).toMatchObject({ kind: 'issue', device: prizeDevice['@id'], deviceName: prizeDevice.name, toRepository: null });
    expect((await articleNow(s.article)).quantityInStock).toBe(6);
    const ride = await move('worker', {
      kind: 'issue',
      article: s.article['@id'],
      quantity: 1,
      fromRepository: s.warehouse['@id'],
      device: kiddieRide['@id'],
    });
    expect(ride.body.violations?.[0]).toMatchObject({ propertyPath: 'device', code: 'not_prize_device' });
    const listed = await t.json<Collection<Movement>>('manager', {
      url: `/api/v2/movements?kind=issue&device=${prizeDevice.id}&article=${s.article.id}`,
    });
    expect(listed.body.member.map((m) => m.id)).toEqual([load.id]);
    // A device that was loaded keeps its history.
    const removed = await t.json<Problem>('manager', { method: 'DELETE', url: prizeDevice['@id'] });
    expect(removed.status).toBe(409);
    expect(removed.body.detail).toMatch(/stock movements: \d+/);
  });

  it("values each movement at its exact price to the cent, and the company report's prize cost adds those up by any cut", async () => {
    const s = await newStock();
    await receipt(s, 3, { at: '2025-06-01T08:00:00Z' });
    await receipt(s, 4, { unitPriceCents: 101, at: '2025-06-01T09:00:00Z' });
    // The average is (300 + 404) ÷ 7 = 100,571429 cents: shown as 101, but 3 units are worth 301,71 → 302.
    const issue = (quantity: number, at: string) => issueTo(prizeDevice, s, quantity, at);
    expect(await issue(3, '2025-06-10T10:00:00Z')).toMatchObject({ unitPriceCents: 101, valueCents: 302 });
    const second = await issue(1, '2025-06-11T10:00:00Z');
    expect(second.valueCents).toBe(101);
    expect((await issue(1, '2025-06-12T10:00:00Z')).valueCents).toBe(101);
    expect((await issue(1, '2025-06-13T10:00:00Z')).valueCents).toBe(101);
    // A reversal is worth what it undoes; it takes the prize back on its own day.
    const back = await reverse('manager', second, { at: '2025-06-25T10:00:00Z' });
    expect(back.body.valueCents).toBe(101);
    // June's prize cost: 302 + 101 + 101 + 101 − 101 cents, by day, week, month or the whole range
    // (each movement's value to the cent; rounding each period's exact sum once gave 503 by month,
    // 502 by week and 504 by day).
    // June earned nothing: each day's costs are still in the totals (they were left out of a period
    // without revenue), so every cut has the month's operational costs and the same EBITDA.
    const costs = new Set<string>();
    for (const period of ['day', 'week', 'month', 'range']) {
      const report = await t.json<{ totals: { prizeCostCents: number; operationalCostsCents: number; ebitdaCents: number } }>('manager', {
        url: `/api/v2/finance-report?subject=company&from=2025-06-01&to=2025-06-30&period=${period}`,
      });
      expect(report.status).toBe(200);
      expect(report.body.totals.prizeCostCents, period).toBe(504);
      expect(report.body.totals.operationalCostsCents, period).toBeGreaterThan(0);
      costs.add(`${report.body.totals.operationalCostsCents}/${report.body.totals.ebitdaCents}`);
    }
    expect([...costs]).toHaveLength(1);
  });

  it('a count adjustment is signed, not zero, and needs a reason', async () => {
    const s = await newStock();
    await receipt(s, 10);
    const adjust = (quantity: number, reason?: string) =>
      move('worker', { kind: 'adjustment', article: s.article['@id'], quantity, repository: s.van['@id'], ...(reason ? { reason } : {}) });
    expect((await adjust(-1, 'Inventura')).body.violations?.[0]).toMatchObject({ propertyPath: 'quantity', code: 'insufficient_stock' });
    const found = await adjust(3, 'Inventura: pronađene 3 u kombiju');
    expect(found.status).toBe(201);
    expect(found.body).toMatchObject({
      quantity: 3,
      toRepository: s.van['@id'],
      fromRepository: null,
      reason: 'Inventura: pronađene 3 u kombiju',
    });
    const lost = await adjust(-2, 'Oštećene');
    expect(lost.body).toMatchObject({ quantity: -2, fromRepository: s.van['@id'], toRepository: null });
    expect(await held(s.van, s.article)).toBe(1);
    expect((await articleNow(s.article)).quantityInStock).toBe(11);
    expect((await adjust(0, 'x')).body.violations?.[0]).toMatchObject({ propertyPath: 'quantity', code: 'not_zero' });
    expect((await adjust(2)).body.violations?.[0]).toMatchObject({ propertyPath: 'reason', code: 'required' });
  });

  it('each kind takes its own fields: the others are refused, the quantity is positive', async () => {
    const s = await newStock();
    const wrong = await move('manager', {
      kind: 'receipt',
      article: s.article['@id'],
      quantity: -5,
      toRepository: s.warehouse['@id'],
      device: prizeDevice['@id'],
      reason: 'why',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.violations?.map((v) => [v.propertyPath, v.code])).toEqual([
      ['device', 'not_for_kind'],
      ['reason', 'not_for_kind'],
      ['quantity', 'min'],
    ]);
    const unknown = await t.as('manager', {
      method: 'POST',
      url: '/api/v2/movements',
      payload: { kind: 'receipt', article: s.article['@id'], quantity: 1, toRepository: s.warehouse['@id'], createdBy: '/api/v2/users/1' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('may be back-dated, never dated in the future', async () => {
    const s = await newStock();
    const at = '2026-01-15T09:30:00.000Z';
    const old = await receipt(s, 3, { at });
    expect(old.at).toBe(at);
    expect(new Date(old.createdAt).getTime()).toBeGreaterThan(new Date(at).getTime());
    const future = await move('manager', {
      kind: 'receipt',
      article: s.article['@id'],
      quantity: 1,
      toRepository: s.warehouse['@id'],
      at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.body.violations?.[0]).toMatchObject({ propertyPath: 'at', code: 'in_future' });
    const listed = await t.json<Collection<Movement>>('manager', {
      url: `/api/v2/movements?article=${s.article.id}&at[before]=2026-02-01&at[after]=2026-01-01`,
    });
    expect(listed.body.member.map((m) => m.id)).toEqual([old.id]);
  });

  it('lists the movements of a repository on either side, newest first', async () => {
    const s = await newStock();
    const r = await receipt(s, 5, { at: '2026-03-01T10:00:00Z' });
    const tr = await booked('manager', {
      kind: 'transfer',
      article: s.article['@id'],
      quantity: 2,
      fromRepository: s.warehouse['@id'],
      toRepository: s.van['@id'],
      at: '2026-03-02T10:00:00Z',
    });
    const ofVan = await t.json<Collection<Movement>>('manager', { url: `/api/v2/movements?repository=${s.van['@id']}` });
    expect(ofVan.body.member.map((m) => m.id)).toEqual([tr.id]);
    const ofWarehouse = await t.json<Collection<Movement>>('manager', { url: `/api/v2/movements?repository=${s.warehouse.id}` });
    expect(ofWarehouse.body.member.map((m) => m.id)).toEqual([tr.id, r.id]);
    expect((await t.as('manager', { url: '/api/v2/movements?repository=abc' })).statusCode).toBe(400);
  });
});

describe('stock never goes below zero', () => {
  it('refuses a move that takes more than a repository holds, naming the article and what is there, and changes nothing', async () => {
    const s = await newStock();
    await receipt(s, 10);
    await booked('manager', {
      kind: 'transfer',
      article: s.article['@id'],
      quantity: 4,
      fromRepository: s.warehouse['@id'],
      toRepository: s.van['@id'],
    });
    const before = {
      levels: [await stockOf(s.warehouse), await stockOf(s.van)],
      article: await articleNow(s.article),
      moves: await movementsOf(s.article),
    };
    const tooMany = await move('worker', {
      kind: 'issue',
      article: s.article['@id'],
      quantity: 5,
      fromRepository: s.van['@id'],
      device: prizeDevice['@id'],
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.violations?.[0]).toMatchObject({
      propertyPath: 'quantity',
      code: 'insufficient_stock',
      message: `Not enough "${s.article.name}" in ${s.van.name}: 4 available, 5 needed.`,
    });
    const croatian = await move(
      'worker',
      { kind: 'transfer', article: s.article['@id'], quantity: 7, fromRepository: s.warehouse['@id'], toRepository: s.van['@id'] },
      'hr',
    );
    expect(croatian.body.message).toBe(
      `Nema dovoljno artikla "${s.article.name}" u skladištu ${s.warehouse.name}: dostupno 6, potrebno 7.`,
    );
    const empty = await newStock();
    const none = await move('manager', {
      kind: 'adjustment',
      article: empty.article['@id'],
      quantity: -1,
      repository: empty.van['@id'],
      reason: 'x',
    });
    expect(none.body.violations?.[0]?.message).toContain('0 available, 1 needed');
    const after = {
      levels: [await stockOf(s.warehouse), await stockOf(s.van)],
      article: await articleNow(s.article),
      moves: await movementsOf(s.article),
    };
    expect(after).toEqual(before);
  });
});

describe('reversal', () => {
  it('books the opposite movement, linked both ways, once', async () => {
    const s = await newStock();
    await receipt(s, 10);
    const transfer = await booked('manager', {
      kind: 'transfer',
      article: s.article['@id'],
      quantity: 6,
      fromRepository: s.warehouse['@id'],
      toRepository: s.van['@id'],
    });
    const back = await reverse('worker', transfer, { note: 'Krivi kombi' });
    expect(back.status).toBe(201);
    expect(back.headers.location).toBe(back.body['@id']);
    expect(back.body).toMatchObject({
      kind: 'transfer',
      quantity: 6,
      fromRepository: s.van['@id'],
      toRepository: s.warehouse['@id'],
      reverses: transfer['@id'],
      note: 'Krivi kombi',
      createdByName: 'Luka Babić',
    });
    expect((await t.json<Movement>('manager', { url: transfer['@id'] })).body.reversedBy).toBe(back.body['@id']);
    expect([await held(s.warehouse, s.article), await held(s.van, s.article)]).toEqual([10, 0]);
    const again = await reverse('manager', transfer);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`This movement was already reversed by movement ${back.body['@id']}.`);
    const ofReversal = await reverse('manager', back.body);
    expect(ofReversal.status).toBe(409);
    expect(ofReversal.body.detail).toBe('A reversal cannot be reversed: book the movement again instead.');
  });

  it('needs no body', async () => {
    const s = await newStock();
    const r = await receipt(s, 2);
    const res = await t.as('manager', { method: 'POST', url: `${r['@id']}/reverse` });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('reverses an issue (the prizes go back to the repository) and an adjustment (the other sign)', async () => {
    const s = await newStock();
    await receipt(s, 10);
    const load = await booked('manager', {
      kind: 'issue',
      article: s.article['@id'],
      quantity: 3,
      fromRepository: s.warehouse['@id'],
      device: secondPrizeDevice['@id'],
    });
    const unload = await reverse('manager', load);
    expect(unload.body).toMatchObject({
      kind: 'issue',
      fromRepository: null,
      toRepository: s.warehouse['@id'],
      device: secondPrizeDevice['@id'],
      quantity: 3,
    });
    const found = await booked('manager', {
      kind: 'adjustment',
      article: s.article['@id'],
      quantity: 2,
      repository: s.warehouse['@id'],
      reason: 'Inventura',
    });
    const undone = await reverse('manager', found);
    expect(undone.body).toMatchObject({ kind: 'adjustment', quantity: -2, fromRepository: s.warehouse['@id'], reason: 'Inventura' });
    expect(await held(s.warehouse, s.article)).toBe(10);
    expect((await articleNow(s.article)).quantityInStock).toBe(10);
  });

  it('reversing a receipt takes its price back out of the average', async () => {
    const s = await newStock();
    await receipt(s, 10, { unitPriceCents: 100 });
    const typo = await receipt(s, 10, { unitPriceCents: 1_000 });
    expect((await articleNow(s.article)).averagePurchasePriceCents).toBe(550);
    const undone = await reverse('manager', typo);
    expect(undone.body).toMatchObject({ kind: 'receipt', fromRepository: s.warehouse['@id'], toRepository: null, unitPriceCents: 1_000 });
    expect(await articleNow(s.article)).toMatchObject({ quantityInStock: 10, averagePurchasePriceCents: 100 });
  });

  it('is refused when the units are gone, and then changes nothing', async () => {
    const s = await newStock();
    const arrived = await receipt(s, 10);
    await booked('manager', {
      kind: 'issue',
      article: s.article['@id'],
      quantity: 8,
      fromRepository: s.warehouse['@id'],
      device: prizeDevice['@id'],
    });
    const before = { article: await articleNow(s.article), moves: await movementsOf(s.article) };
    const refused = await reverse('manager', arrived);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Not enough "${s.article.name}" in ${s.warehouse.name}: 2 available, 10 needed. Nothing was booked.`);
    expect({ article: await articleNow(s.article), moves: await movementsOf(s.article) }).toEqual(before);
    expect((await t.json<Movement>('manager', { url: arrived['@id'] })).body.reversedBy).toBeNull();
  });

  it('movements are never changed or deleted', async () => {
    const s = await newStock();
    const r = await receipt(s, 1);
    expect((await t.as('admin', { method: 'PATCH', url: r['@id'], headers: mergePatch, payload: { quantity: 2 } })).statusCode).toBe(404);
    expect((await t.as('admin', { method: 'DELETE', url: r['@id'] })).statusCode).toBe(404);
    expect((await t.json<Movement>('manager', { url: r['@id'] })).body.quantity).toBe(1);
  });
});

describe('a retried request books once', () => {
  it('answers the movement a client key booked; the key for another movement is refused', async () => {
    const s = await newStock();
    const body: MovementCreate = {
      kind: 'receipt',
      article: s.article['@id'],
      quantity: 7,
      toRepository: s.warehouse['@id'],
      clientKey: `k-${s.article.id}`,
    };
    const first = await move('worker', body);
    const retry = await move('worker', body);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body.id).toBe(first.body.id);
    expect(retry.body.clientKey).toBe(`k-${s.article.id}`);
    expect(await held(s.warehouse, s.article)).toBe(7);
    const other = await move('worker', { ...body, quantity: 8 });
    expect(other.status).toBe(422);
    expect(other.body.violations?.[0]).toMatchObject({ propertyPath: 'clientKey', code: 'client_key_reused' });
    // Keys are per company: another company may use the same one.
    const theirs = await newStock('otherManager');
    expect((await move('otherManager', { ...body, article: theirs.article['@id'], toRepository: theirs.warehouse['@id'] })).status).toBe(
      201,
    );
  });

  it('retries sent at once book once', async () => {
    const s = await newStock();
    const body: MovementCreate = {
      kind: 'receipt',
      article: s.article['@id'],
      quantity: 3,
      toRepository: s.warehouse['@id'],
      clientKey: `burst-${s.article.id}`,
    };
    const answers = await Promise.all(Array.from({ length: 6 }, () => move('manager', body)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await held(s.warehouse, s.article)).toBe(3);
    expect((await movementsOf(s.article)).totalItems).toBe(1);
  });

  it('a retried reversal answers the reversal it booked', async () => {
    const s = await newStock();
    const r = await receipt(s, 4);
    const first = await reverse('manager', r, { clientKey: `undo-${r.id}` });
    const retry = await reverse('manager', r, { clientKey: `undo-${r.id}` });
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body.id).toBe(first.body.id);
    expect(await held(s.warehouse, s.article)).toBe(0);
  });
});

describe('access', () => {
  it('workers move stock; accountants read it; nobody reaches another company', async () => {
    const s = await newStock();
    const r = await receipt(s, 5);
    expect((await t.as('accountant', { url: r['@id'] })).statusCode).toBe(200);
    expect((await t.as('accountant', { url: `${s.warehouse['@id']}/stock` })).statusCode).toBe(200);
    expect((await t.as('accountant', { url: `${prizeDevice['@id']}/prize-stock` })).statusCode).toBe(200);
    expect(
      (await move('accountant', { kind: 'receipt', article: s.article['@id'], quantity: 1, toRepository: s.warehouse['@id'] })).status,
    ).toBe(403);
    expect((await reverse('accountant', r)).status).toBe(403);
    expect(
      (await move('worker', { kind: 'receipt', article: s.article['@id'], quantity: 1, toRepository: s.warehouse['@id'] })).status,
    ).toBe(201);

    expect((await t.as('otherManager', { url: r['@id'] })).statusCode).toBe(404);
    expect((await reverse('otherManager', r)).status).toBe(404);
    expect((await t.as('otherManager', { url: `${s.warehouse['@id']}/stock` })).statusCode).toBe(404);
    expect((await t.as('otherManager', { url: `${prizeDevice['@id']}/prize-stock` })).statusCode).toBe(404);
    const theirs = await t.json<Collection<Movement>>('otherManager', { url: '/api/v2/movements?itemsPerPage=200' });
    expect(theirs.body.member.every((m) => m.company === iri('companies', drugi?.id ?? 0))).toBe(true);
    // Another company's article, repository or device is not there for them (422, as if missing).
    const own = await newStock('otherManager');
    const foreign = await move('otherManager', {
      kind: 'receipt',
      article: s.article['@id'],
      quantity: 1,
      toRepository: own.warehouse['@id'],
    });
    expect(foreign.body.violations?.[0]).toMatchObject({ propertyPath: 'article', code: 'reference' });
    const crossing = await move('otherManager', {
      kind: 'receipt',
      article: own.article['@id'],
      quantity: 1,
      toRepository: s.warehouse['@id'],
    });
    expect(crossing.body.violations?.[0]).toMatchObject({ propertyPath: 'toRepository', code: 'reference' });
    // An admin sees both, but a movement never spans two companies.
    const spanning = await move('admin', {
      kind: 'transfer',
      article: s.article['@id'],
      quantity: 1,
      fromRepository: s.warehouse['@id'],
      toRepository: own.van['@id'],
    });
    expect(spanning.body.violations?.[0]).toMatchObject({ propertyPath: 'toRepository', code: 'other_company' });
  });

  it("answers 403 while the company's stock module is off; admins are not limited", async () => {
    const modules = (list: string[]) =>
      t.as('admin', { method: 'PATCH', url: iri('companies', drugi?.id ?? 0), headers: mergePatch, payload: { activeModules: list } });
    expect((await modules(['devices', 'deposits', 'finance'])).statusCode).toBe(200);
    try {
      for (const url of ['/api/v2/articles', '/api/v2/repositories', '/api/v2/movements', '/api/v2/prize-stock']) {
        const off = await t.json<Problem>('otherManager', { url });
        expect(off.status, url).toBe(403);
        expect(off.body.message).toBe('The module "stock" is not active for your company.');
      }
      expect(
        (
          await move('otherManager', {
            kind: 'receipt',
            article: '/api/v2/articles/1',
            quantity: 1,
            toRepository: '/api/v2/repositories/1',
          })
        ).status,
      ).toBe(403);
      expect((await t.as('admin', { url: '/api/v2/movements' })).statusCode).toBe(200);
    } finally {
      expect((await modules(['devices', 'deposits', 'finance', 'stock'])).statusCode).toBe(200);
    }
    expect((await t.as('otherManager', { url: '/api/v2/movements' })).statusCode).toBe(200);
  });
});

describe('prizes in a device', () => {
  it('are the loads less their reversals less the prizes paid out since the first load', async () => {
    const s = await newStock();
    const other = await newStock();
    await receipt(s, 50);
    await receipt(other, 50);
    const device = (await devicesOf('group=prize_device&order[id]=desc'))[0] as Device;
    const hour = 3_600_000;
    const firstLoad = Date.now() - 72 * hour;
    const load = (stock: Stock, quantity: number, at: number) => issueTo(device, stock, quantity, new Date(at).toISOString());
    await load(s, 20, firstLoad);
    const wrong = await load(other, 5, firstLoad + hour);
    await load(other, 10, firstLoad + 2 * hour);
    await reverse('worker', wrong);
    const events = [
      { at: firstLoad - 30 * 60_000, count: 4 }, // before the first load: not counted
      { at: firstLoad + 30 * 60_000, count: 2 },
      { at: firstLoad + 48 * hour, count: 3 }, // a later business day: from the daily rollup
      { at: Date.now() - 60_000, count: 1 },
    ];
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/v2/telemetry/batches',
      headers: { authorization: `Bearer ${demoCredential(device.imei ?? '')}` },
      payload: {
        imei: device.imei,
        events: events.map((e, i) => ({ seq: i + 1, at: new Date(e.at).toISOString(), type: 'prize_out', count: e.count })),
      },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const stock = await prizeStock(device, 'worker');
    expect(stock).toMatchObject({
      '@id': `${device['@id']}/prize-stock`,
      device: device['@id'],
      deviceName: device.name,
      firstLoadAt: new Date(firstLoad).toISOString(),
      loaded: 30,
      paidOut: 6,
      left: 24,
    });
    expect(stock.articles.map((a) => [a.articleName, a.loaded])).toEqual([
      [s.article.name, 20],
      [other.article.name, 10],
    ]);
    const listed = await t.json<Collection<PrizeStock>>('manager', { url: '/api/v2/prize-stock' });
    expect(listed.body.member.find((p) => p.device === device['@id'])).toEqual(stock);
    const lefts = listed.body.member.map((p) => p.left);
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
    expect(listed.body.member.some((p) => p.device === kiddieRide['@id'])).toBe(false);
  });

  it('a device never loaded has none', async () => {
    const stock = await prizeStock(kiddieRide);
    expect(stock).toMatchObject({ firstLoadAt: null, loaded: 0, paidOut: 0, left: 0, articles: [] });
  });
});

describe('concurrent moves', () => {
  it('take at most what a repository holds: parallel issues and transfers, demand above the stock', async () => {
    const s = await newStock();
    await receipt(s, 50);
    await booked('manager', {
      kind: 'transfer',
      article: s.article['@id'],
      quantity: 10,
      fromRepository: s.warehouse['@id'],
      toRepository: s.van['@id'],
    });
    const requests: { body: MovementCreate; from: 'warehouse' | 'van' }[] = [
      ...Array.from({ length: 15 }, () => ({
        body: {
          kind: 'issue' as const,
          article: s.article['@id'],
          quantity: 3,
          fromRepository: s.warehouse['@id'],
          device: prizeDevice['@id'],
        },
        from: 'warehouse' as const,
      })),
      ...Array.from({ length: 15 }, () => ({
        body: {
          kind: 'transfer' as const,
          article: s.article['@id'],
          quantity: 2,
          fromRepository: s.warehouse['@id'],
          toRepository: s.van['@id'],
        },
        from: 'warehouse' as const,
      })),
      ...Array.from({ length: 10 }, () => ({
        body: {
          kind: 'transfer' as const,
          article: s.article['@id'],
          quantity: 2,
          fromRepository: s.van['@id'],
          toRepository: s.warehouse['@id'],
        },
        from: 'van' as const,
      })),
      ...Array.from({ length: 5 }, () => ({
        body: { kind: 'issue' as const, article: s.article['@id'], quantity: 2, fromRepository: s.van['@id'], device: prizeDevice['@id'] },
        from: 'van' as const,
      })),
    ];
    const answers = await Promise.all(requests.map((r) => move(r.from === 'van' ? 'worker' : 'manager', r.body)));
    const ok = answers.map((a, i) => ({ ...requests[i], status: a.status, body: a.body })).filter((a) => a.status === 201);
    for (const a of answers.filter((a) => a.status !== 201)) {
      expect(a.status).toBe(422);
      expect(a.body.violations?.[0]?.code).toBe('insufficient_stock');
    }
    const sum = (list: typeof ok) => list.reduce((n, a) => n + (a.body as Movement).quantity, 0);
    const issued = sum(ok.filter((a) => a.body.kind === 'issue'));
    const toVan = sum(ok.filter((a) => a.body.kind === 'transfer' && a.from === 'warehouse'));
    const toWarehouse = sum(ok.filter((a) => a.body.kind === 'transfer' && a.from === 'van'));
    const issuedFromWarehouse = sum(ok.filter((a) => a.body.kind === 'issue' && a.from === 'warehouse'));
    const issuedFromVan = issued - issuedFromWarehouse;
    // Demand (45 + 30 from the warehouse) is above its 40 plus what came back: some were refused.
    expect(answers.some((a) => a.status === 422)).toBe(true);
    const warehouse = await held(s.warehouse, s.article);
    const van = await held(s.van, s.article);
    expect(warehouse).toBe(40 - issuedFromWarehouse - toVan + toWarehouse);
    expect(van).toBe(10 - issuedFromVan - toWarehouse + toVan);
    expect(warehouse).toBeGreaterThanOrEqual(0);
    expect(van).toBeGreaterThanOrEqual(0);
    expect(issuedFromWarehouse + toVan).toBeLessThanOrEqual(40 + toWarehouse);
    expect((await articleNow(s.article)).quantityInStock).toBe(50 - issued);
    expect((await movementsOf(s.article)).totalItems).toBe(2 + ok.length);
  });
});
