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

  it('devices and locations name their tags beside the IRIs, in the order given, and follow a rename and a delete', async () => {
    const older = await createTag(t);
    const newer = await createTag(t);
    const location = await createLocation(t, { tags: [newer['@id'], older['@id']] });
    const device = await createDevice(t, { tags: [newer['@id'], older['@id']] });
    const label = (tag: Tag, name = tag.name) => ({ '@id': tag['@id'], name, colour: tag.colour });
    expect(location.tagLabels).toEqual([label(newer), label(older)]);
    expect(device.tagLabels).toEqual([label(newer), label(older)]);
    await t.as('manager', { method: 'PATCH', url: older['@id'], headers: mergePatch, payload: { name: 'Preimenovan' } });
    await t.as('manager', { method: 'DELETE', url: newer['@id'] });
    const listed = await t.json<Collection<Location>>('manager', { url: `/api/v2/locations?tags=${older.id}&itemsPerPage=200` });
    expect(listed.body.member.find((l) => l['@id'] === location['@id'])?.tagLabels).toEqual([label(older, 'Preimenovan')]);
    expect((await t.json<Device>('manager', { url: device['@id'] })).body.tagLabels).toEqual([label(older, 'Preimenovan')]);
    const untagged = await createDevice(t);
    expect(untagged.tagLabels).toEqual([]);
  });
});
