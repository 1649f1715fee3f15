import { type Article, type Collection, iri, type Repository, type RepositoryCreate, type StockLevel, type User } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { type DemoUser, demo, mergePatch, testApp } from '../../testing/app.ts';

const t = await testApp();
type Problem = { status: number; detail: string; violations: { propertyPath: string; code: string }[] };

let counter = 0;
async function newRepository(user: DemoUser, body: Partial<RepositoryCreate> = {}) {
  counter += 1;
  return t.json<Repository>(user, {
    method: 'POST',
    url: '/api/v2/repositories',
    payload: { type: 'van', name: `Kombi ${counter}`, ...body },
  });
}
const userIri = async (email: string) =>
  (await t.json<Collection<User>>('admin', { url: `/api/v2/users?email=${email}`, headers: { 'x-kovanica-view': 'all' } })).body
    .member[0]?.['@id'] ?? '';

describe('repositories', () => {
  it('creates warehouses and vans with a responsible worker of the company', async () => {
    const worker = await userIri(demo.worker);
    const van = await newRepository('manager', { name: 'Kombi Jadran', responsibleWorker: worker, address: 'Put Supavla 1, Split' });
    expect(van.status).toBe(201);
    expect(van.body).toMatchObject({
      type: 'van',
      name: 'Kombi Jadran',
      responsibleWorker: worker,
      responsibleWorkerName: 'Luka Babić',
      address: 'Put Supavla 1, Split',
      articlesInStock: 0,
      unitsInStock: 0,
      stockValueCents: 0,
    });
    const foreign = await newRepository('admin', { responsibleWorker: await userIri(demo.otherManager) });
    expect(foreign.status).toBe(422);
    expect((foreign.body as unknown as Problem).violations[0]).toMatchObject({ propertyPath: 'responsibleWorker', code: 'other_company' });
    const hidden = await newRepository('manager', { responsibleWorker: await userIri(demo.otherManager) });
    expect((hidden.body as unknown as Problem).violations[0]).toMatchObject({ propertyPath: 'responsibleWorker', code: 'reference' });
    const renamed = await t.json<Repository>('manager', {
      method: 'PATCH',
      url: van.body['@id'],
      headers: mergePatch,
      payload: { type: 'warehouse', responsibleWorker: null },
    });
    expect(renamed.body).toMatchObject({ type: 'warehouse', responsibleWorker: null, responsibleWorkerName: null });
  });

  it('names are unique per company; lists filter by type and responsible worker', async () => {
    await newRepository('manager', { name: 'Skladište Split', type: 'warehouse' });
    const dup = await newRepository('manager', { name: 'skladište split' });
    expect((dup.body as unknown as Problem).violations[0]).toMatchObject({ propertyPath: 'name', code: 'unique' });
    expect((await newRepository('otherManager', { name: 'Skladište Split' })).status).toBe(201);
    const warehouses = await t.json<Collection<Repository>>('manager', { url: '/api/v2/repositories?type=warehouse&name=split' });
    expect(warehouses.body.member.map((r) => r.name)).toEqual(['Skladište Split']);
    const worker = await userIri(demo.worker);
    await newRepository('manager', { responsibleWorker: worker });
    const his = await t.json<Collection<Repository>>('manager', { url: `/api/v2/repositories?responsibleWorker=${worker}` });
    expect(his.body.member.length).toBeGreaterThan(0);
    expect(his.body.member.every((r) => r.responsibleWorker === worker)).toBe(true);
  });

  it('summarises and lists what a repository holds, valued at average purchase prices', async () => {
    const store = (await newRepository('manager', { type: 'warehouse' })).body;
    const article = async (name: string, price: number) =>
      (
        await t.json<Article>('manager', {
          method: 'POST',
          url: '/api/v2/articles',
          payload: { name, unit: 'pcs', purchaseNetCents: price },
        })
      ).body;
    const [zebra, ball] = [await article('Zebra plišana', 250), await article('Loptica', 30)];
    for (const [a, quantity] of [
      [zebra, 4],
      [ball, 100],
    ] as const) {
      const res = await t.as('worker', {
        method: 'POST',
        url: '/api/v2/movements',
        payload: { kind: 'receipt', article: a['@id'], quantity, toRepository: store['@id'] },
      });
      expect(res.statusCode).toBe(201);
    }
    const summary = (await t.json<Repository>('accountant', { url: store['@id'] })).body;
    expect(summary).toMatchObject({ articlesInStock: 2, unitsInStock: 104, stockValueCents: 4_000 });
    const stock = await t.json<Collection<StockLevel>>('worker', { url: `${store['@id']}/stock` });
    expect(stock.body).toMatchObject({ '@id': `${store['@id']}/stock`, totalItems: 2 });
    expect(stock.body.member.map((l) => [l.articleName, l.quantity, l.valueCents])).toEqual([
      ['Loptica', 100, 3_000],
      ['Zebra plišana', 4, 1_000],
    ]);
    // A repository with movements keeps them.
    const refused = await t.json<Problem>('manager', { method: 'DELETE', url: store['@id'] });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('This item is still in use: stock movements: 2.');
  });

  it("keeps each company's repositories to itself", async () => {
    const theirs = (await newRepository('otherManager')).body;
    expect((await t.as('manager', { url: theirs['@id'] })).statusCode).toBe(404);
    expect((await t.as('manager', { url: `${theirs['@id']}/stock` })).statusCode).toBe(404);
    expect((await t.as('manager', { method: 'PATCH', url: theirs['@id'], headers: mergePatch, payload: { name: 'x' } })).statusCode).toBe(
      404,
    );
    const mine = await t.json<Collection<Repository>>('manager', { url: '/api/v2/repositories?itemsPerPage=200' });
    expect(mine.body.member.every((r) => r.company !== theirs.company)).toBe(true);
    expect((await t.as('manager', { url: '/api/v2/repositories/99999999999/stock' })).statusCode).toBe(404);
  });

  it('workers and accountants read repositories; managers and admins change them', async () => {
    const store = (await newRepository('manager')).body;
    for (const user of ['worker', 'accountant'] as const) {
      expect((await t.as(user, { url: store['@id'] })).statusCode).toBe(200);
      expect((await newRepository(user)).status).toBe(403);
      expect((await t.as(user, { method: 'PATCH', url: store['@id'], headers: mergePatch, payload: { name: 'x' } })).statusCode).toBe(403);
      expect((await t.as(user, { method: 'DELETE', url: store['@id'] })).statusCode).toBe(403);
    }
    expect((await t.as('manager', { method: 'DELETE', url: store['@id'] })).statusCode).toBe(204);
    expect((await t.as('manager', { url: store['@id'] })).statusCode).toBe(404);
    expect(iri('repositories', store.id)).toBe(store['@id']);
  });
});
