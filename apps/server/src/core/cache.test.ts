import type { Collection, User } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import type { TagBus } from '../db/client.ts';
import { mergePatch, testApp } from '../testing/app.ts';
import { ACCESS, ReadCache, TagVersions } from './cache.ts';

const strings = (ttlMs: number, maxBytes: number, versions = new TagVersions(), now?: () => number) =>
  new ReadCache<string>(versions, { ttlMs, maxBytes, sizeOf: (v) => v.length * 2, now });

describe('ReadCache', () => {
  it('drops an entry when a tag it was computed from changes, or when it is too old', () => {
    let now = 0;
    const versions = new TagVersions();
    const cache = strings(1000, 1_000_000, versions, () => now);
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

  it('is bounded by bytes, not entries: 2,000 distinct URLs keep it within its size, least recently used dropped', () => {
    const cache = strings(30_000, 1_000_000);
    const body = 'x'.repeat(10_000); // 20,000 bytes counted
    cache.set('/first', [], body);
    for (let i = 0; i < 2000; i++) {
      cache.get('/first'); // read often: kept
      cache.set(`/api/v2/devices?junk=${i}`, [], body);
    }
    expect(cache.bytes).toBeLessThanOrEqual(1_000_000);
    expect(cache.get('/first')).toBe(body);
    expect(cache.get('/api/v2/devices?junk=0')).toBeUndefined();
    expect(cache.get('/api/v2/devices?junk=1999')).toBe(body);
    cache.set('/huge', [], 'x'.repeat(600_000)); // larger than the whole cache: not kept
    expect(cache.get('/huge')).toBeUndefined();
  });

  it('does not keep a value computed while a write landed (versions taken before computing)', () => {
    const versions = new TagVersions();
    const cache = strings(30_000, 1_000_000, versions);
    const stamp = cache.stamp(['devices']);
    versions.bump('devices'); // the write commits while the old rows are being serialised
    cache.set('k', ['devices'], 'old rows', stamp);
    expect(cache.get('k')).toBeUndefined();
  });
});

describe('TagVersions across processes', () => {
  /** Two processes' versions on one in-memory bus, as PostgreSQL's NOTIFY delivers to every listener. */
  const bus = () => {
    const listeners: { onMessage: (p: string) => void; onGap: () => void }[] = [];
    const make = (): TagBus => ({
      publish: async (payload) => {
        for (const l of listeners) l.onMessage(payload);
      },
      subscribe: async (onMessage, onGap) => {
        const l = { onMessage, onGap };
        listeners.push(l);
        return async () => {
          listeners.splice(listeners.indexOf(l), 1);
        };
      },
    });
    const gap = () => {
      for (const l of listeners) l.onGap();
    };
    return { make, gap };
  };

  it("apply the other process's bumps, one message per request, and drop everything after a gap", async () => {
    const shared = bus();
    const published: string[] = [];
    const first = shared.make();
    const a = new TagVersions({
      ...first,
      publish: (p) => {
        published.push(p);
        return first.publish(p);
      },
    });
    const b = new TagVersions(shared.make());
    await a.listen();
    await b.listen();
    a.bump('devices');
    a.bump('telemetry');
    expect([a.of('devices'), b.of('devices')]).toEqual([1, 0]);
    await new Promise((r) => setImmediate(r));
    expect(published).toHaveLength(1);
    expect([a.of('devices'), a.of('telemetry'), b.of('devices'), b.of('telemetry')]).toEqual([1, 1, 1, 1]);
    const access = b.of(ACCESS);
    shared.gap();
    expect(b.of(ACCESS)).toBe(access + 1);
    await a.close();
    await b.close();
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
