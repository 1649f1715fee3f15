import type { Collection, Device, Location, Tag } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { mergePatch, testApp } from '../../testing/app.ts';
import { createDevice, createLocation, createTag } from '../../testing/fixtures.ts';

const t = await testApp();
type Violations = { violations: { propertyPath: string; code: string }[] };

describe('tags', () => {
  it('creates, renames and counts where a tag is used', async () => {
    const bad = await t.json<Violations>('manager', { method: 'POST', url: '/api/v2/tags', payload: { name: 'Zima', colour: 'blue' } });
    expect(bad.body.violations[0]).toMatchObject({ propertyPath: 'colour', code: 'color' });
    const dup = await t.json<Violations>('manager', { method: 'POST', url: '/api/v2/tags', payload: { name: 'ljeto', colour: '#000000' } });
    expect(dup.body.violations[0]).toMatchObject({ propertyPath: 'name', code: 'unique' });
    // The same name is free in another company.
    expect(
      (await t.as('otherManager', { method: 'POST', url: '/api/v2/tags', payload: { name: 'Ljeto', colour: '#FFAA00' } })).statusCode,
    ).toBe(201);
    const summer = (await t.json<Collection<Tag>>('manager', { url: '/api/v2/tags?name=Ljeto' })).body.member[0];
    expect(summer).toMatchObject({ name: 'Ljeto', colour: '#f59f00', locationsCount: 7 });
    expect(summer?.devicesCount).toBeGreaterThan(0);
    const renamed = await t.json<Tag>('manager', {
      method: 'PATCH',
      url: summer?.['@id'] ?? '',
      headers: mergePatch,
      payload: { name: 'Sezona' },
    });
    expect(renamed.body.name).toBe('Sezona');
  });

  it('deleting a tag takes it off its devices and locations', async () => {
    const created = await createTag(t);
    await createLocation(t, { tags: [created['@id']] });
    await createDevice(t, { tags: [created['@id']] });
    await createDevice(t, { tags: [created['@id']] });
    const summer = (await t.json<Tag>('manager', { url: created['@id'] })).body;
    expect(summer).toMatchObject({ devicesCount: 2, locationsCount: 1 });
    const before = await t.json<Collection<Device>>('manager', { url: `/api/v2/devices?tags=${summer['@id']}` });
    expect(before.body.totalItems).toBe(summer.devicesCount);
    expect((await t.as('manager', { method: 'DELETE', url: summer['@id'] })).statusCode).toBe(204);
    expect((await t.json<Collection<Device>>('manager', { url: `/api/v2/devices?tags=${summer.id}` })).body.totalItems).toBe(0);
    const locations = await t.json<Collection<Location>>('manager', { url: '/api/v2/locations?itemsPerPage=200' });
    expect(locations.body.member.some((l) => l.tags.includes(summer['@id']))).toBe(false);
    expect((await t.as('otherManager', { url: summer['@id'] })).statusCode).toBe(404);
  });
});
