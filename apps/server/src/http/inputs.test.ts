import type { Collection } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cardHolders,
  companies,
  deposits,
  devices,
  emptyings,
  loyaltyCards,
  loyaltyOwners,
  maintenance,
  posLocations,
  posOwners,
  posWorkers,
  promoBoxes,
  promotions,
  visits,
} from '../db/schema/index.ts';
import { seedStock } from '../demo/stock.ts';
import { startCisSimulator } from '../fiscal/cis-simulator.ts';
import { mergePatch, testApp } from '../testing/app.ts';
import { insertMachineAudit } from '../testing/machine-audits.ts';

/** Issue 9 §2: bad input is the caller's mistake, answered 400/404/422 naming it, never a 500. */
// A simulated CIS, so that its switches (admins') are walked like every PATCH route.
const cis = await startCisSimulator({ keyFor: async () => null });
afterAll(() => cis.close());
const t = await testApp({ simulatedCis: cis });
await seedStock(t.db); // a row of every stock resource
const [zabavni] = await t.db.select().from(companies).where(eq(companies.name, 'Zabavni automati d.o.o.'));
const [device] = await t.db
  .select()
  .from(devices)
  .where(eq(devices.companyId, zabavni?.id ?? 0))
  .limit(1);
const ofDevice = { companyId: zabavni?.id ?? 0, deviceId: device?.id ?? 0 };
const [emptying] = await t.db
  .insert(emptyings)
  .values({ ...ofDevice, at: new Date(), countedCents: 0, countedTokens: 0 })
  .returning();
await t.db
  .insert(deposits)
  .values({ ...ofDevice, emptyingId: emptying?.id ?? 0, at: new Date(), reportedCoinsCents: 0, reportedTokens: 0 });
await t.db.insert(maintenance).values({ ...ofDevice, date: '2026-11-01', type: 'repair', description: 'empty patch' });
await t.db.insert(visits).values({ companyId: ofDevice.companyId, day: '2026-11-02' });
await insertMachineAudit(t.db, ofDevice.companyId);
// A loyalty programme (the demo has none yet): an owner, a card holder and a promo box.
const [loyaltyOwner] = await t.db
  .insert(loyaltyOwners)
  .values({ companyId: zabavni?.id ?? 0, name: 'Empty patch', oib: '69435151530', commissionBp: 1250 })
  .returning();
const ofOwner = { companyId: zabavni?.id ?? 0, ownerId: loyaltyOwner?.id ?? 0 };
await t.db.insert(cardHolders).values({ ...ofOwner, name: 'Empty', surname: 'Patch', consentAt: new Date(), consentVersion: 'v1' });
await t.db
  .insert(promoBoxes)
  .values({ ...ofOwner, title: 'Empty patch', backgroundColor: '#000000', textColor: '#ffffff', activeFrom: '2026-01-01' });
// Points of sale (a POS owner, a location, a worker) and a promotion of that programme.
const ofZabavni = { companyId: zabavni?.id ?? 0 };
const [posOwner] = await t.db
  .insert(posOwners)
  .values({ ...ofZabavni, name: 'Empty patch', oib: '69435151530' })
  .returning();
const [posLocation] = await t.db
  .insert(posLocations)
  .values({ ...ofZabavni, posOwnerId: posOwner?.id ?? 0, name: 'Empty patch', premisesLabel: 'EP', isu: '1' })
  .returning();
await t.db
  .insert(posWorkers)
  .values({ ...ofZabavni, posLocationId: posLocation?.id ?? 0, name: 'Empty', surname: 'Patch', oib: '69435151530' });
await t.db
  .insert(promotions)
  .values({ ...ofOwner, name: 'Empty patch', kind: 'bonus', validFrom: '2026-01-01', tiers: [{ fromCents: 2000, bonusBp: 1000 }] });
await t.db.insert(loyaltyCards).values({ ...ofOwner, uid: 'E1E2E3E4', number: 'EP-1', status: 'lost', statusReason: 'Empty patch' });

const get = (url: string, lang = 'en') => t.json('admin', { url, headers: { 'accept-language': lang } });

describe('ids and relation filters outside the integer range', () => {
  it.each([
    '/api/v2/lessors?company=2147483648',
    '/api/v2/devices?location=99999999999',
    '/api/v2/devices?location=/api/v2/locations/99999999999',
    '/api/v2/companies?parent=99999999999',
    '/api/v2/users?company=-99999999999',
    '/api/v2/revenue?from=2026-01-01&to=2026-01-02&device=99999999999',
    '/api/v2/revenue?from=2026-01-01&to=2026-01-02&location=2147483648',
  ])('%s answers 400 naming the parameter', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(400);
    const param = new URL(url, 'http://x').searchParams;
    const named = [...param.keys()].filter((k) => !['from', 'to'].includes(k));
    expect(res.body.violations).toEqual([expect.objectContaining({ propertyPath: named[0] })]);
  });

  it('a status that is a name of every object is no status', async () => {
    for (const status of ['constructor', '__proto__', 'toString']) {
      const res = await get(`/api/v2/deposits?status=${status}`);
      expect(res.status, status).toBe(400);
      expect(res.body.violations).toEqual([expect.objectContaining({ propertyPath: 'status', code: 'choice' })]);
    }
  });

  it('the largest id still filters (to nothing)', async () => {
    const res = await get('/api/v2/lessors?company=2147483647');
    expect(res.status).toBe(200);
    expect(res.body.totalItems).toBe(0);
  });

  it.each([
    '/api/v2/companies/99999999999',
    '/api/v2/devices/2147483648',
    '/api/v2/tags/0',
    '/api/v2/tags/1e3',
    '/api/v2/tags/0x1',
    '/api/v2/tags/01',
    '/api/v2/tags/%201',
    '/api/v2/tags/%FF',
    `/api/v2/tags/${'1'.repeat(400)}`,
  ])('a path id %s that names nothing answers 404', async (url) => {
    const res = await t.as('admin', { url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('a reference in a body beyond the range is an invalid reference (422)', async () => {
    const res = await t.json('admin', {
      method: 'POST',
      url: '/api/v2/tags',
      payload: { name: 'Huge', colour: '#123456', company: '/api/v2/companies/99999999999' },
    });
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual([expect.objectContaining({ propertyPath: 'company', code: 'iri' })]);
  });
});

describe('impossible or out-of-range dates', () => {
  it.each([
    ['/api/v2/maintenance?date[after]=2026-02-30', 'date[after]'],
    ['/api/v2/maintenance?date[before]=0000-01-01', 'date[before]'],
    ['/api/v2/transactions?at[after]=0000-01-01T00:00:00Z', 'at[after]'],
    ['/api/v2/transactions?at[before]=2026-02-30T10:00:00Z', 'at[before]'],
    ['/api/v2/users?createdAt[after]=99999-01-01', 'createdAt[after]'],
    ['/api/v2/users?createdAt[after]=1', 'createdAt[after]'],
    ['/api/v2/users?createdAt[after]=March 7, 2026', 'createdAt[after]'],
    ['/api/v2/revenue?from=0000-01-01&to=2026-11-02', 'from'],
    ['/api/v2/revenue?from=2026-11-01&to=2026-02-30', 'to'],
    ['/api/v2/revenue/companies-daily?from=2026-01-01&to=3000-01-01', 'to'],
  ])('%s answers 400 naming %s, in the caller’s language', async (url, param) => {
    const res = await get(url, 'hr');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(`Parametar upita "${param}" nije ispravan.`);
    expect(res.body.violations).toEqual([{ propertyPath: param, code: 'date', message: 'Upišite ispravan datum.' }]);
  });

  it('dates in bodies are checked the same way (422 naming the field)', async () => {
    const res = await t.json('admin', {
      method: 'POST',
      url: '/api/v2/maintenance',
      payload: { device: `/api/v2/devices/${device?.id}`, date: '0000-01-01', type: 'repair', description: 'x' },
    });
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual([expect.objectContaining({ propertyPath: 'date', code: 'date' })]);
  });

  it('real dates and instants still filter', async () => {
    for (const url of [
      '/api/v2/maintenance?date[after]=2026-02-28&date[before]=2026-12-31',
      '/api/v2/maintenance?date[after]=2026-02-28T23:00:00Z',
      '/api/v2/transactions?at[after]=2026-01-01T00:00:00%2B01:00',
      '/api/v2/revenue?from=1900-01-01&to=2999-12-31',
    ]) {
      expect((await get(url)).status, url).toBe(200);
    }
    const res = await get('/api/v2/maintenance?date[after]=2026-11-01&date[before]=2026-11-01');
    expect((res.body as unknown as Collection<unknown>).totalItems).toBe(1);
  });
});

describe('text no column can store', () => {
  it.each([
    '/api/v2/tags?name=a%00b',
    '/api/v2/users?email=%00',
    '/api/v2/search?q=%00',
    '/api/v2/revenue?from=2026-01-01&to=2026-01-02&device=%00',
  ])('%s answers 400 naming the parameter', async (url) => {
    const res = await get(url, 'hr');
    expect(res.status).toBe(400);
    expect(res.body.violations).toEqual([
      expect.objectContaining({ code: 'characters', message: 'Tekst sadrži znakove koji se ne mogu spremiti (NUL ili pola znaka).' }),
    ]);
  });

  it.each([
    ['POST', '/api/v2/tags', { name: 'a\u0000b', colour: '#123456' }, 'name'],
    ['POST', '/api/v2/cities', { name: '\uD800' }, 'name'],
    ['PATCH', '/api/v2/settings', { updateBannerText: 'x\uDC00' }, 'updateBannerText'],
    ['POST', '/api/v2/authentication_token', { email: '\u0000', password: 'whatever-long' }, 'email'],
  ] as const)('%s %s with it in %o answers 422 naming the field', async (method, url, payload, field) => {
    const res = await t.json('admin', { method, url, payload, headers: method === 'PATCH' ? mergePatch : {} });
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual([expect.objectContaining({ propertyPath: field, code: 'characters' })]);
  });
});

describe('unknown fields', () => {
  it('answer 400 naming the field in violations too, in the caller’s language', async () => {
    const res = await t.json('admin', {
      method: 'POST',
      url: '/api/v2/tags',
      payload: { name: 'X', colour: '#123456', nickname: 1 },
      headers: { 'accept-language': 'hr' },
    });
    expect(res.status).toBe(400);
    expect(res.body.violations).toEqual([
      { propertyPath: 'nickname', code: 'unknown', message: 'Nepoznato polje ili polje samo za čitanje: nickname.' },
    ]);
    expect(res.body.message).toBe('Nepoznato polje ili polje samo za čitanje: nickname.');
  });
});

describe('an empty merge-patch', () => {
  const patchRoutes = t.app.registeredRoutes().filter((r) => r.method === 'PATCH');

  it('is walked on every PATCH route', () => {
    expect(patchRoutes.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/v2/tags/:id', '/api/v2/maintenance/:id', '/api/v2/deposits/:id', '/api/v2/settings']),
    );
  });

  it.each(patchRoutes.map((r) => [r.url] as const))('%s: {} answers 200 with the unchanged item', async (route) => {
    let url = route;
    if (route.includes(':id')) {
      // An item's route, or a part of it (`/devices/:id/planogram`): the first item of the collection.
      const [collection = '', part = ''] = route.split('/:id');
      const list = await get(`${collection}?itemsPerPage=1`);
      const first = (list.body as unknown as Collection<{ '@id': string }>).member[0];
      expect(first, route).toBeDefined();
      url = `${first?.['@id'] ?? ''}${part}`;
    }
    const before = await get(url);
    const res = await t.json('admin', { method: 'PATCH', url, headers: mergePatch, payload: '{}' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(before.body);
    expect((await get(url)).body).toEqual(before.body);
  });
});

describe('the OpenAPI document', () => {
  it('says PATCH takes application/merge-patch+json', async () => {
    const doc = (await t.app.inject({ url: '/api/v2/docs.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    }>();
    const patches = Object.values(doc.paths).flatMap((ops) => (ops.patch ? [ops.patch] : []));
    expect(patches.length).toBeGreaterThanOrEqual(10);
    for (const op of patches) expect(Object.keys(op.requestBody?.content ?? {})).toEqual(['application/merge-patch+json']);
  });
});
