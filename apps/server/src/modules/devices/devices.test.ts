import type { Collection, Device, Location, Logger, Placement, Tag } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { mergePatch, testApp } from '../../testing/app.ts';
import { createDevice, createDeviceWithLogger, createLogger } from '../../testing/fixtures.ts';

const t = await testApp();
type Violations = { violations: { propertyPath: string; code: string }[] };
const first = async <T>(user: 'manager' | 'otherManager', url: string) => (await t.json<Collection<T>>(user, { url })).body.member[0] as T;

const riva = await first<Location>('manager', '/api/v2/locations?name=Riva — caffe');
const korzo = await first<Location>('manager', '/api/v2/locations?name=Korzo');
const premium = await first<Tag>('manager', '/api/v2/tags?name=Premium');

describe('devices', () => {
  it('creates a device with logger, location, tags and fiscal settings, inheriting from the location', async () => {
    const spare = await createLogger(t);
    const res = await t.json<Device>('manager', {
      method: 'POST',
      url: '/api/v2/devices',
      payload: {
        name: 'Dizalica 99',
        group: 'prize_device',
        logger: spare['@id'],
        location: riva['@id'],
        tags: [premium['@id']],
        playPriceCents: 200,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      imei: spare.imei,
      locationName: 'Riva — caffe bar',
      tokenValueCents: 100,
      fiscalize: 'inherit',
      fiscalizeApplied: true,
      premisesLabel: null,
      premisesLabelApplied: riva.premisesLabel,
      tags: [premium['@id']],
    });
    const off = await t.json<Device>('manager', {
      method: 'PATCH',
      url: res.body['@id'],
      headers: mergePatch,
      payload: { fiscalize: 'off', premisesLabel: 'AUT1', isuNumber: '7' },
    });
    expect(off.body).toMatchObject({ fiscalizeApplied: false, premisesLabelApplied: 'AUT1', isuNumber: '7' });
    expect((await t.json<Logger>('manager', { url: spare['@id'] })).body.deviceName).toBe('Dizalica 99');
  });

  it('records each move in the placement history', async () => {
    const device = await createDevice(t, { location: riva['@id'] });
    const moved = await t.json<Device>('worker', {
      method: 'PATCH',
      url: device['@id'],
      headers: mergePatch,
      payload: { location: korzo['@id'] },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.locationName).toBe('Rijeka — Korzo');
    const history = await t.json<Collection<Placement>>('manager', { url: `${device['@id']}/placements` });
    expect(history.body.member.map((p) => [p.locationName, p.to === null, p.movedByName])).toEqual([
      ['Rijeka — Korzo', true, 'Luka Babić'],
      ['Riva — caffe bar', false, 'Marko Horvat'],
    ]);
    expect(history.body.member[1]?.to).toBe(history.body.member[0]?.from);
    // Saving without a move adds nothing.
    await t.as('manager', {
      method: 'PATCH',
      url: device['@id'],
      headers: mergePatch,
      payload: { location: korzo['@id'], name: 'Dizalica 100' },
    });
    expect((await t.json<Collection<Placement>>('manager', { url: `${device['@id']}/placements` })).body.totalItems).toBe(2);
    expect((await t.as('otherManager', { url: `${device['@id']}/placements` })).statusCode).toBe(404);
  });

  it('fits a logger to one device only, and keeps references inside the company', async () => {
    const { logger: fitted } = await createDeviceWithLogger(t);
    const taken = await t.json<Violations>('manager', {
      method: 'POST',
      url: '/api/v2/devices',
      payload: { name: 'Konjić 99', group: 'kiddie_ride', logger: fitted['@id'] },
    });
    expect(taken.body.violations[0]).toMatchObject({ propertyPath: 'logger', code: 'logger_taken' });
    const foreignLocation = await first<Location>('otherManager', '/api/v2/locations');
    const foreign = await t.json<Violations>('admin', {
      method: 'POST',
      url: '/api/v2/devices',
      payload: { name: 'Konjić 99', group: 'kiddie_ride', location: foreignLocation['@id'] },
    });
    expect(foreign.body.violations[0]).toMatchObject({ propertyPath: 'location', code: 'other_company' });
    const bad = await t.json<Violations>('manager', {
      method: 'POST',
      url: '/api/v2/devices',
      payload: { name: 'X', group: 'pinball', playPriceCents: -1 },
    });
    expect(bad.body.violations.map((v) => v.propertyPath).sort()).toEqual(['group', 'playPriceCents']);
    expect((await t.as('worker', { method: 'POST', url: '/api/v2/devices', payload: { name: 'X', group: 'other' } })).statusCode).toBe(403);
  });

  it('filters by group, location and tag and orders by name', async () => {
    const atKorzoNow = await createDevice(t, { location: korzo['@id'], tags: [premium['@id']] });
    const rides = await t.json<Collection<Device>>('manager', {
      url: '/api/v2/devices?group=kiddie_ride&order[name]=desc&itemsPerPage=200',
    });
    expect(rides.body.totalItems).toBe(18);
    expect(rides.body.member.every((d) => d.group === 'kiddie_ride')).toBe(true);
    const names = rides.body.member.map((d) => d.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    const atKorzo = await t.json<Collection<Device>>('manager', { url: `/api/v2/devices?location=${korzo.id}` });
    expect(atKorzo.body.member.map((d) => d.name)).toContain(atKorzoNow.name);
    const premiumOnes = await t.json<Collection<Device>>('manager', { url: `/api/v2/devices?tags=${premium.id}&itemsPerPage=200` });
    expect(premiumOnes.body.member.map((d) => d.name)).toContain(atKorzoNow.name);
    expect(premiumOnes.body.member.every((d) => d.tags.includes(premium['@id']))).toBe(true);
    expect((await t.json<Collection<Device>>('otherManager', { url: '/api/v2/devices' })).body.totalItems).toBe(4);
    expect((await t.as('manager', { url: '/api/v2/devices?group[]=x&order[imei]=asc' })).statusCode).toBe(400);
  });
});
