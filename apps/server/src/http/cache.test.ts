import type { Collection, User } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { mergePatch, testApp } from '../testing/app.ts';
import { ACCESS, ReadCache, TagVersions } from './cache.ts';

describe('ReadCache', () => {
  it('drops an entry when a tag it was computed from changes, or when it is too old', () => {
    let now = 0;
    const versions = new TagVersions();
    const cache = new ReadCache<string>(versions, 1000, 10, () => now);
    cache.set('a', ['devices', ACCESS], 'A');
    expect(cache.get('a')).toBe('A');
    versions.bump('locations');
    expect(cache.get('a')).toBe('A');
    versions.bump('devices');
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', ['devices', ACCESS], 'A2');
    versions.bump('users'); // who may see what changed: every entry goes
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', ['devices'], 'B');
    now = 1000;
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps at most its size, dropping the oldest', () => {
    const cache = new ReadCache<number>(new TagVersions(), 1000, 2);
    cache.set('1', [], 1);
    cache.set('2', [], 2);
    cache.set('3', [], 3);
    expect([cache.get('1'), cache.get('2'), cache.get('3')]).toEqual([undefined, 2, 3]);
  });
});

const t = await testApp();

describe('cached reads through the API', () => {
  it('show a write at once, to every user', async () => {
    const list = async () =>
      (await t.json<Collection<User>>('admin', { url: '/api/v2/users?order[email]=asc' })).body.member.map((u) => u.name);
    const before = await list();
    expect(await list()).toEqual(before);
    const self = (await t.json<Collection<User>>('worker', { url: '/api/v2/users' })).body.member[0];
    await t.as('admin', { method: 'PATCH', url: self?.['@id'] ?? '', headers: mergePatch, payload: { name: 'Renamed' } });
    expect(await list()).toContain('Renamed');
    expect((await t.json<User>('worker', { url: self?.['@id'] ?? '' })).body.name).toBe('Renamed');
    // Each user has their own entries: another user's answer is never served.
    expect((await t.json<Collection<User>>('worker', { url: '/api/v2/users?order[email]=asc' })).body.totalItems).toBe(1);
  });
});
