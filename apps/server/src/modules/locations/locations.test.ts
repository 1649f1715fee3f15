import type { City, Collection, Lessor, Location, Tag } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { mergePatch, testApp } from '../../testing/app.ts';

const t = await testApp();
type Violations = { violations: { propertyPath: string; code: string; message: string }[] };
const first = async <T>(user: 'manager' | 'otherManager', url: string) => (await t.json<Collection<T>>(user, { url })).body.member[0] as T;

const zadar = await first<City>('manager', '/api/v2/cities?name=Zadar');
const kino = await first<Lessor>('manager', '/api/v2/lessors?name=Kino');
const hours = {
  mon: { start: '08:00', end: '20:00' },
  tue: { start: '08:00', end: '20:00' },
  wed: null,
  thu: { start: '08:00', end: '20:00' },
  fri: { start: '08:00', end: '20:00' },
  sat: { start: '09:00', end: '02:00' },
  sun: null,
};

describe('locations', () => {
  it('creates one with working hours; empty rental terms fall back to the lessor', async () => {
    const res = await t.json<Location>('manager', {
      method: 'POST',
      url: '/api/v2/locations',
      payload: {
        name: 'Zadar — Riva',
        city: zadar['@id'],
        lessor: kino['@id'],
        workingHours: hours,
        rentalPercentage: 7.5,
        latitude: 44.11,
        longitude: 15.22,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      cityName: 'Zadar',
      lessorName: 'Kino Europa d.o.o.',
      workingHours: hours,
      active: true,
      devicesCount: 0,
    });
    expect(res.body.rentalTerms).toEqual({
      rentalType: { value: 'fixed', from: 'lessor' },
      contractRentalAmountCents: { value: 25_000, from: 'lessor' },
      incomeLimitCents: { value: null, from: null },
      rentalPercentage: { value: 7.5, from: 'location' },
    });
    const again = await t.json<Location>('worker', { url: res.body['@id'] });
    expect(again.body.workingHours.sat).toEqual({ start: '09:00', end: '02:00' });
    const patched = await t.json<Location>('manager', {
      method: 'PATCH',
      url: res.body['@id'],
      headers: mergePatch,
      payload: { rentalType: 'percentage', lessor: null, workingHours: { ...hours, sun: { start: '10:00', end: '18:00' } } },
    });
    expect(patched.body).toMatchObject({ lessor: null, rentalTerms: { rentalType: { value: 'percentage', from: 'location' } } });
    expect(patched.body.workingHours.sun).toEqual({ start: '10:00', end: '18:00' });
    expect((await t.as('manager', { method: 'DELETE', url: res.body['@id'] })).statusCode).toBe(204);
  });

  it('answers 422 naming the field for bad hours, percentages and references', async () => {
    const bad = await t.json<Violations>('manager', {
      method: 'POST',
      url: '/api/v2/locations',
      payload: {
        name: '',
        city: zadar['@id'],
        workingHours: { ...hours, mon: { start: '8:00', end: '20:00' }, tue: { start: '10:00', end: '10:00' } },
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations.map((v) => [v.propertyPath, v.code]).sort()).toEqual([
      ['name', 'required'],
      ['workingHours.mon.start', 'time'],
      ['workingHours.tue.end', 'same_start_end'],
    ]);
    // Another company's lessor and tag are not there for this manager.
    const drugiLessor = await first<Lessor>('otherManager', '/api/v2/lessors');
    const drugiTag = await first<Tag>('otherManager', '/api/v2/tags');
    const foreign = await t.json<Violations>('manager', {
      method: 'POST',
      url: '/api/v2/locations',
      payload: { name: 'X', city: zadar['@id'], lessor: drugiLessor['@id'], tags: [drugiTag['@id']] },
    });
    expect(foreign.body.violations[0]).toMatchObject({ propertyPath: 'lessor', code: 'reference' });
    const noCity = await t.json<Violations>('manager', {
      method: 'POST',
      url: '/api/v2/locations',
      payload: { name: 'X', city: '/api/v2/cities/999' },
    });
    expect(noCity.body.violations[0]).toMatchObject({ propertyPath: 'city', code: 'reference' });
  });

  it('filters by city, lessor, tag and active, and orders by name', async () => {
    const split = await first<City>('manager', '/api/v2/cities?name=Split');
    const list = await t.json<Collection<Location>>('manager', { url: `/api/v2/locations?city=${split['@id']}&order[name]=desc` });
    expect(list.body.member.map((l) => l.name)).toEqual(['Riva — caffe bar', 'City Center one Split']);
    const beach = await first<Tag>('manager', '/api/v2/tags?name=Plaža');
    const tagged = await t.json<Collection<Location>>('manager', { url: `/api/v2/locations?tags=${beach.id}` });
    expect(tagged.body.member.map((l) => l.name).sort()).toEqual(['Makarska — plaža Donja luka', 'Makarska — šetnica', 'Zadar — Kolovare']);
    const inactive = await t.json<Collection<Location>>('manager', { url: '/api/v2/locations?active=false' });
    expect(inactive.body.member.map((l) => l.name)).toEqual(['Skladište Zagreb']);
    const others = await t.json<Collection<Location>>('otherManager', { url: '/api/v2/locations?itemsPerPage=200' });
    expect(others.body.totalItems).toBe(2);
  });

  it('refuses to delete a location with devices, naming them; other companies get 404', async () => {
    const arena = await first<Location>('manager', '/api/v2/locations?name=galerija');
    const res = await t.json('manager', { method: 'DELETE', url: arena['@id'] });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(`This item is still in use: devices: ${arena.devicesCount}.`);
    expect((await t.as('otherManager', { url: arena['@id'] })).statusCode).toBe(404);
    expect((await t.as('otherManager', { method: 'DELETE', url: arena['@id'] })).statusCode).toBe(404);
    expect((await t.as('worker', { method: 'DELETE', url: arena['@id'] })).statusCode).toBe(403);
  });
});
