import type { City, Collection } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { mergePatch, testApp } from '../../testing/app.ts';

const t = await testApp();
type Violations = { violations: { propertyPath: string; code: string; message: string }[] };

describe('cities', () => {
  it('lists the shared cities with the locations the caller can see', async () => {
    const mine = await t.json<Collection<City>>('manager', { url: '/api/v2/cities?name=zag' });
    expect(mine.body.member.map((c) => [c.name, c.locationsCount])).toEqual([['Zagreb', 5]]);
    const other = await t.json<Collection<City>>('otherManager', { url: '/api/v2/cities?order[name]=desc&itemsPerPage=3' });
    expect(other.body.member.map((c) => c.name)).toEqual(['Zagreb', 'Zadar', 'Varaždin']);
    expect(other.body.totalItems).toBe(10);
    const rijeka = (await t.json<Collection<City>>('otherManager', { url: '/api/v2/cities?name=Rijeka' })).body.member[0];
    expect(rijeka?.locationsCount).toBe(2);
  });

  it('only admins create, rename and delete them; names are unique', async () => {
    expect((await t.as('manager', { method: 'POST', url: '/api/v2/cities', payload: { name: 'Šibenik' } })).statusCode).toBe(403);
    const created = await t.json<City>('admin', { method: 'POST', url: '/api/v2/cities', payload: { name: 'Šibenik' } });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(created.body['@id']);
    const dup = await t.json<Violations>('admin', { method: 'POST', url: '/api/v2/cities', payload: { name: 'šibenik' } });
    expect(dup.body.violations[0]).toMatchObject({ propertyPath: 'name', code: 'unique' });
    const empty = await t.json<Violations>('admin', {
      method: 'POST',
      url: '/api/v2/cities',
      payload: { name: ' ' },
      headers: { 'accept-language': 'hr' },
    });
    expect(empty.body.violations[0]).toMatchObject({ propertyPath: 'name', message: 'Ovo polje je obavezno.' });
    const renamed = await t.json<City>('admin', {
      method: 'PATCH',
      url: created.body['@id'],
      headers: mergePatch,
      payload: { name: 'Knin' },
    });
    expect(renamed.body.name).toBe('Knin');
    expect((await t.as('admin', { method: 'DELETE', url: created.body['@id'] })).statusCode).toBe(204);
  });

  it('refuses to delete a city with locations, naming them', async () => {
    const split = (await t.json<Collection<City>>('admin', { url: '/api/v2/cities?name=Split' })).body.member[0];
    const res = await t.json('admin', { method: 'DELETE', url: split?.['@id'] ?? '' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('This item is still in use: locations: 2.');
  });
});
