import { type Article, type ArticleCreate, type Collection, grossFromNet, netFromGross, pricePair } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { type DemoUser, mergePatch, testApp } from '../../testing/app.ts';

const t = await testApp();
type Problem = { status: number; code?: string; violations: { propertyPath: string; code: string; message: string }[] };

let counter = 0;
/** A new article of the caller's company, with a name no other test uses. */
async function newArticle(user: DemoUser, body: Partial<ArticleCreate> = {}) {
  counter += 1;
  return t.json<Article>(user, {
    method: 'POST',
    url: '/api/v2/articles',
    payload: { name: `Article ${counter}`, unit: 'pcs', ...body },
  });
}

describe('net and gross prices', () => {
  it('computes one from the other at the VAT rate, half up to the cent', () => {
    expect(grossFromNet(1000, 25)).toBe(1250);
    expect(grossFromNet(1, 25)).toBe(1); // 1,25 → 1
    expect(grossFromNet(2, 25)).toBe(3); // 2,5 → 3: half up
    expect(grossFromNet(999, 13)).toBe(1129); // 1128,87
    expect(grossFromNet(100, 0)).toBe(100);
    expect(netFromGross(1250, 25)).toBe(1000);
    expect(netFromGross(5, 25)).toBe(4);
    expect(netFromGross(1129, 13)).toBe(999); // 999,115…
    expect(netFromGross(15, 25)).toBe(12); // 12,0
    expect(netFromGross(1_000_000_000, 5)).toBe(952_380_952);
  });

  it('takes net or gross, or both when they agree within a cent', () => {
    expect(pricePair(1000, undefined, 25)).toEqual({ net: 1000, gross: 1250 });
    expect(pricePair(undefined, 1250, 25)).toEqual({ net: 1000, gross: 1250 });
    expect(pricePair(1000, 1251, 25)).toEqual({ net: 1000, gross: 1251 });
    expect(pricePair(1000, 1252, 25)).toBe('mismatch');
    expect(pricePair(null, undefined, 25)).toEqual({ net: null, gross: null });
    expect(pricePair(null, 100, 25)).toBe('mismatch');
    expect(pricePair(undefined, undefined, 25)).toBeUndefined();
  });
});

describe('articles', () => {
  it('creates an article with computed prices and the default VAT rate', async () => {
    const created = await newArticle('manager', { supplier: 'Igračke d.o.o.', purchaseNetCents: 160, sellingGrossCents: 500 });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(created.body['@id']);
    expect(created.body).toMatchObject({
      unit: 'pcs',
      supplier: 'Igračke d.o.o.',
      vatRate: 25,
      purchaseNetCents: 160,
      purchaseGrossCents: 200,
      sellingNetCents: 400,
      sellingGrossCents: 500,
      averagePurchasePriceCents: null,
      quantityInStock: 0,
      stockValueCents: 0,
    });
    const reduced = await newArticle('manager', { vatRate: 13, purchaseGrossCents: 113, purchaseNetCents: 100 });
    expect(reduced.body).toMatchObject({ vatRate: 13, purchaseNetCents: 100, purchaseGrossCents: 113, sellingNetCents: null });
  });

  it('refuses a net and gross that do not agree, naming every pair', async () => {
    const bad = await t.json<Problem>('manager', {
      method: 'POST',
      url: '/api/v2/articles',
      payload: {
        name: 'Mismatch',
        unit: 'pcs',
        purchaseNetCents: 100,
        purchaseGrossCents: 150,
        sellingNetCents: 100,
        sellingGrossCents: 120,
      },
      headers: { 'accept-language': 'hr' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations.map((v) => [v.propertyPath, v.code])).toEqual([
      ['purchaseGrossCents', 'net_gross_mismatch'],
      ['sellingGrossCents', 'net_gross_mismatch'],
    ]);
    expect(bad.body.violations[0]?.message).toContain('PDV');
    const listed = await t.json<Collection<Article>>('manager', { url: '/api/v2/articles?name=Mismatch' });
    expect(listed.body.totalItems).toBe(0);
  });

  it('a new VAT rate keeps the net prices and recomputes the gross; a sent price counts', async () => {
    const article = (await newArticle('manager', { purchaseNetCents: 1000, sellingNetCents: 2000 })).body;
    const patch = (payload: object) => t.json<Article>('manager', { method: 'PATCH', url: article['@id'], headers: mergePatch, payload });
    expect((await patch({ vatRate: 13 })).body).toMatchObject({
      purchaseNetCents: 1000,
      purchaseGrossCents: 1130,
      sellingGrossCents: 2260,
    });
    expect((await patch({ purchaseGrossCents: 565 })).body).toMatchObject({ purchaseNetCents: 500, purchaseGrossCents: 565 });
    expect((await patch({ vatRate: 5, sellingGrossCents: 2100 })).body).toMatchObject({
      vatRate: 5,
      purchaseGrossCents: 525,
      sellingNetCents: 2000,
      sellingGrossCents: 2100,
    });
    expect((await patch({ sellingNetCents: null })).body).toMatchObject({ sellingNetCents: null, sellingGrossCents: null });
    expect((await patch({ purchaseNetCents: 100, purchaseGrossCents: 200 })).status).toBe(422);
  });

  it('names are unique per company regardless of case; lists filter and order', async () => {
    await newArticle('manager', { name: 'Loptica', supplier: 'Kapsula trade' });
    const dup = await t.json<Problem>('manager', { method: 'POST', url: '/api/v2/articles', payload: { name: 'LOPTICA', unit: 'pcs' } });
    expect(dup.body.violations[0]).toMatchObject({ propertyPath: 'name', code: 'unique' });
    expect((await newArticle('otherManager', { name: 'Loptica' })).status).toBe(201);
    const mine = await t.json<Collection<Article>>('manager', { url: '/api/v2/articles?supplier=kapsula&order[name]=desc' });
    expect(mine.body.member.map((a) => a.name)).toEqual(['Loptica']);
    const byUnit = await t.json<Collection<Article>>('manager', { url: '/api/v2/articles?unit=kg' });
    expect(byUnit.body.totalItems).toBe(0);
    expect((await t.as('manager', { url: '/api/v2/articles?unit=ton' })).statusCode).toBe(200); // an exact filter: no match
    expect((await t.as('manager', { url: '/api/v2/articles?colour=red' })).statusCode).toBe(400);
  });

  it("keeps each company's articles to itself", async () => {
    const theirs = (await newArticle('otherManager')).body;
    expect((await t.as('manager', { url: theirs['@id'] })).statusCode).toBe(404);
    expect((await t.as('manager', { method: 'PATCH', url: theirs['@id'], headers: mergePatch, payload: { name: 'x' } })).statusCode).toBe(
      404,
    );
    expect((await t.as('manager', { method: 'DELETE', url: theirs['@id'] })).statusCode).toBe(404);
    const mine = await t.json<Collection<Article>>('manager', { url: '/api/v2/articles?itemsPerPage=200' });
    expect(mine.body.member.some((a) => a.id === theirs.id)).toBe(false);
    // An admin reaches it, and may create one for another company.
    expect((await t.as('admin', { url: theirs['@id'] })).statusCode).toBe(200);
    const forOther = await newArticle('admin', { company: theirs.company });
    expect(forOther.body.company).toBe(theirs.company);
  });

  it('workers and accountants read articles; only managers and admins change them', async () => {
    const article = (await newArticle('manager')).body;
    for (const user of ['worker', 'accountant'] as const) {
      expect((await t.as(user, { url: article['@id'] })).statusCode).toBe(200);
      expect((await newArticle(user)).status).toBe(403);
      expect((await t.as(user, { method: 'PATCH', url: article['@id'], headers: mergePatch, payload: { name: 'x' } })).statusCode).toBe(
        403,
      );
      expect((await t.as(user, { method: 'DELETE', url: article['@id'] })).statusCode).toBe(403);
    }
    expect((await t.as('manager', { method: 'DELETE', url: article['@id'] })).statusCode).toBe(204);
  });

  it('an article with movements is not deleted', async () => {
    const article = (await newArticle('manager', { purchaseNetCents: 100 })).body;
    const store = await t.json<{ '@id': string }>('manager', {
      method: 'POST',
      url: '/api/v2/repositories',
      payload: { type: 'warehouse', name: `Store for ${article.name}` },
    });
    const receipt = await t.as('manager', {
      method: 'POST',
      url: '/api/v2/movements',
      payload: { kind: 'receipt', article: article['@id'], quantity: 5, toRepository: store.body['@id'] },
    });
    expect(receipt.statusCode).toBe(201);
    const refused = await t.json<Problem>('manager', { method: 'DELETE', url: article['@id'] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ detail: 'This item is still in use: stock movements: 1.' });
  });
});
