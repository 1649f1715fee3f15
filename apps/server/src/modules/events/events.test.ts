import type { Alarm, Collection, Problem } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { TagVersions } from '../../core/cache.ts';
import { testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, createUser, sendEvents } from '../../testing/fixtures.ts';
import { openLive } from '../../testing/sse.ts';
import { COALESCE_MS, type LiveStream, liveHub, STREAMS_PER_USER } from './events.service.ts';

// Live updates (docs/api.md "Live updates"): a bump of a watched tag, here or heard from another
// instance, reaches every open stream as the tag's name, bursts coalesced; a user holds a bounded
// number of streams; the stream is authenticated like every route and ends when the server closes.

async function listening() {
  const t = await testApp({ jobs: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  return { t, base: `http://127.0.0.1:${port}` };
}

describe('the stream', () => {
  it('tells a connected client of an alarm a telemetry batch raised, without a sweep by hand; and closes with the server', async () => {
    const { t, base } = await listening();
    const live = await openLive(base, await t.token('manager'));
    expect(live.status).toBe(200);
    const { logger } = await createDeviceWithLogger(t);
    const sent = performance.now();
    await sendEvents(t, logger, [{ seq: 1, at: new Date().toISOString(), type: 'alarm', code: 'E42', critical: true }]);
    const event = await live.next('alarms', 5_000, sent);
    expect(event.tags).toEqual(expect.arrayContaining(['alarms']));
    // Only the names of tags: nothing of any row.
    expect(Object.keys(event)).toEqual(['tags', 'at']);
    const open = await t.json<Collection<Alarm>>('manager', { url: '/api/v2/alarms?itemsPerPage=100' });
    expect(open.body.member.some((a) => a.kind === 'device_critical' && a.code === 'E42')).toBe(true);

    console.log(`  batch to event: ${(event.at - sent).toFixed(0)} ms`);
    const closing = performance.now();
    await t.app.close();
    await live.ended;
    console.log(`  close with a stream open: ${(performance.now() - closing).toFixed(0)} ms`);
    expect(performance.now() - closing).toBeLessThan(5_000);
  });

  it('refuses a seventh stream of one user with 429 in the problem format, and takes one again once a stream ends', async () => {
    const { t, base } = await listening();
    const user = await createUser(t, { roles: ['worker'] });
    const token = await t.token(user.email);
    const streams = await Promise.all(Array.from({ length: STREAMS_PER_USER }, () => openLive(base, token)));
    expect(streams.map((s) => s.status)).toEqual(Array(STREAMS_PER_USER).fill(200));
    const refused = await fetch(`${base}/api/v2/events`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect((await refused.json()) as Problem).toMatchObject({ status: 429, type: '/api/v2/problems/too_many_streams' });
    expect(refused.headers.get('retry-after')).toBe('30');
    // Another user is not counted with this one.
    const other = await openLive(base, await t.token('manager'));
    expect(other.status).toBe(200);
    streams[0]?.close();
    await expect.poll(async () => (await openLive(base, token)).status, { timeout: 3_000 }).toBe(200);
  });

  it('answers 401 without a token; an injected request gets the opening of the stream, then its end', async () => {
    const { t } = await listening();
    const res = await t.as(null, { url: '/api/v2/events' });
    expect(res.statusCode).toBe(401);
    const injected = await t.as('worker', { url: '/api/v2/events' });
    expect(injected.statusCode).toBe(200);
    expect(injected.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(injected.headers['x-content-type-options']).toBe('nosniff');
    expect(injected.body).toBe(': live\nretry: 5000\n\n');
  });
});

describe('the hub', () => {
  const stream = (tags: LiveStream['tags'], userId = 1) => {
    const written: string[] = [];
    let ended = false;
    const s: LiveStream = { userId, tags, write: (text) => written.push(text), end: () => (ended = true) };
    return { s, written, ended: () => ended };
  };
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('coalesces a burst into one event, tells only the tags a stream may read, and nothing of other tags', async () => {
    const versions = new TagVersions();
    const hub = liveHub(versions);
    const manager = stream(['alarms', 'deposits', 'bills']);
    const worker = stream(['alarms', 'deposits'], 2);
    hub.open(manager.s);
    hub.open(worker.s);
    for (let i = 0; i < 20; i++) versions.bump('alarms');
    versions.bump('bills');
    versions.bump('devices');
    await wait(COALESCE_MS + 50);
    expect(manager.written).toEqual([`event: changed\ndata: ${JSON.stringify({ tags: ['alarms', 'bills'] })}\n\n`]);
    expect(worker.written).toEqual([`event: changed\ndata: ${JSON.stringify({ tags: ['alarms'] })}\n\n`]);
    // The next bump waits out the stream's interval, then goes.
    versions.bump('deposits');
    await wait(COALESCE_MS + 50);
    expect(worker.written).toHaveLength(2);
    // Bills again within their 5 s wait; an alarm meanwhile goes out at once, without them.
    versions.bump('bills');
    versions.bump('alarms');
    await wait(COALESCE_MS + 50);
    expect(manager.written.at(-1)).toBe(`event: changed\ndata: ${JSON.stringify({ tags: ['alarms'] })}\n\n`);
    expect(manager.written.join('')).not.toContain('"tags":["bills"]');
    hub.close();
    expect(manager.ended() && worker.ended()).toBe(true);
  });

  it('ends a user streams when the user signs out, and tells everything when the bus may have missed bumps', async () => {
    const versions = new TagVersions();
    const hub = liveHub(versions);
    const one = stream(['alarms', 'bills'], 7);
    const other = stream(['alarms'], 8);
    hub.open(one.s);
    hub.open(other.s);
    versions.bump('session:7');
    expect(one.ended()).toBe(true);
    expect(other.ended()).toBe(false);
    versions.bump('access');
    await wait(COALESCE_MS + 50);
    expect(other.written.join('')).toContain('"tags":["alarms"]');
    hub.close();
  });
});
