import { type Collection, type Device, MAX_PAGE_DEPTH, type Problem, type Transaction } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { demoCredential } from '../demo/fleet.ts';
import { testApp } from '../testing/app.ts';

// Issue 9 §4: limits that hold under concurrency and load (decisions 0003 and 0010).

const t = await testApp({
  setup: (app) => {
    // What PostgreSQL throws when it cancels a statement past `statement_timeout`.
    app.get('/api/v2/test/cancelled', { config: { public: true } }, async () => {
      throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    });
  },
});

const problem = async (url: string, lang = 'en') => {
  const res = await t.json<Problem>('manager', { url, headers: { 'accept-language': lang } });
  return { status: res.status, type: res.body.type, message: res.body.message };
};

describe('unknown query parameters', () => {
  it('answer 400 naming the parameter, on collections, items and the other GET routes', async () => {
    const device = (await t.json<Collection<Device>>('manager', { url: '/api/v2/devices?itemsPerPage=1' })).body.member[0] as Device;
    const today = new Date().toISOString().slice(0, 10);
    for (const url of [
      '/api/v2/devices?junk=1',
      `${device['@id']}?junk=1`,
      `/api/v2/revenue?from=${today}&to=${today}&junk=1`,
      '/api/v2/dashboard/summary?junk=1',
      '/api/v2/search?q=Vlak&junk=1',
      '/api/v2/transactions?itemsPerPage=5&junk=1',
      `/api/v2/devices/${device.id}/placements?junk=1`,
    ]) {
      expect(await problem(url), url).toEqual({
        status: 400,
        type: '/api/v2/problems/unknown_param',
        message: 'Unknown query parameter "junk".',
      });
    }
    expect((await problem('/api/v2/users?junk=1', 'hr')).message).toBe('Nepoznat parametar upita "junk".');
    // HEAD runs the GET's handler (and its cache): the same rule.
    expect((await t.as('manager', { method: 'HEAD', url: `${device['@id']}?junk=1` })).statusCode).toBe(400);
    expect((await t.as('manager', { method: 'HEAD', url: '/api/v2/dashboard/summary?junk=1' })).statusCode).toBe(400);
    expect((await t.as('manager', { method: 'HEAD', url: `${device['@id']}?client=web` })).statusCode).toBe(200);
  });

  it('are documented: the OpenAPI of a route without a query string lists only client, and its 400', async () => {
    const doc = (
      await t.json<{ paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: object }>> }>(null, {
        url: '/api/v2/docs.json',
      })
    ).body;
    const summary = doc.paths['/api/v2/dashboard/summary']?.get;
    expect(summary?.parameters?.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(['client']);
    expect(Object.keys(summary?.responses ?? {})).toContain('400');
    const transactions = doc.paths['/api/v2/transactions']?.get;
    expect(transactions?.parameters?.map((p) => p.name)).toContain('cursor');
  });

  it("accept the original client's marker everywhere, and every declared parameter", async () => {
    const device = (await t.json<Collection<Device>>('manager', { url: '/api/v2/devices?itemsPerPage=1&client=web' })).body
      .member[0] as Device;
    const today = new Date().toISOString().slice(0, 10);
    for (const url of [
      '/api/v2/devices?client=web&itemsPerPage=2&page=1&order[name]=desc&name=a&tags=1&tags[]=2',
      `${device['@id']}?client=web`,
      `/api/v2/revenue?from=${today}&to=${today}&client=web`,
      '/api/v2/dashboard/summary?client=web',
      '/api/v2/search?q=Vlak&client=web',
      `/api/v2/devices/${device.id}/placements?client=web`,
      '/api/v2/transactions?at[after]=2026-01-01&at[strictly_before]=2027-01-01&test=false&type=coin&type=token&client=web',
    ]) {
      expect((await t.as('manager', { url })).statusCode, url).toBe(200);
    }
  });
});

describe('Cache-Control: no-store', () => {
  it('is on authenticated answers, their refusals, and the sign-in answer', async () => {
    expect((await t.as('manager', { url: '/api/v2/users' })).headers['cache-control']).toBe('no-store');
    expect((await t.as(null, { url: '/api/v2/users' })).headers['cache-control']).toBe('no-store');
    expect((await t.as('worker', { url: '/api/v2/no-such-route' })).headers['cache-control']).toBe('no-store');
    for (const password of ['kovanica-demo', 'wrong']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/authentication_token',
        payload: { email: 'manager@zabavni.test', password },
      });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('deep pages', () => {
  it(`answer 400 beyond ${MAX_PAGE_DEPTH} items on the big collections, pointing to the cursor`, async () => {
    for (const name of ['transactions', 'deposits', 'service-sessions', 'critical-episodes', 'emptyings']) {
      expect(await problem(`/api/v2/${name}?page=1000000`), name).toEqual({
        status: 400,
        type: '/api/v2/problems/page_too_deep',
        message: `Page numbers reach the first ${MAX_PAGE_DEPTH} items only: page on by cursor, following the link view.next.`,
      });
    }
    expect((await problem('/api/v2/transactions?page=1000000', 'hr')).message).toContain('view.next');
    // The web app's export reads 50 pages of 200: the last one is still within reach.
    expect((await t.as('manager', { url: '/api/v2/transactions?page=50&itemsPerPage=200' })).statusCode).toBe(200);
    expect((await problem('/api/v2/transactions?page=51&itemsPerPage=200')).status).toBe(400);
    // Small collections keep their page numbers.
    expect((await t.as('manager', { url: '/api/v2/devices?page=1000000' })).statusCode).toBe(200);
  });
});

// A device's 23 coins, several at the same instant (ties are broken by id), in one batch.
const device = (await t.json<Collection<Device>>('manager', { url: '/api/v2/devices?name=Vlakić 1' })).body.member[0] as Device;
const base = Date.parse('2026-10-01T10:00:00Z');
const events = Array.from({ length: 23 }, (_, i) => ({
  seq: i + 1,
  type: 'coin',
  valueCents: 100,
  count: 1,
  at: new Date(base + Math.floor(i / 3) * 60_000).toISOString(),
}));
const sent = await t.app.inject({
  method: 'POST',
  url: '/api/v2/telemetry/batches',
  headers: { authorization: `Bearer ${demoCredential(device.imei ?? '')}` },
  payload: { imei: device.imei, events },
});
expect(sent.statusCode, sent.body).toBe(200);
const list = `/api/v2/transactions?device=${device.id}&at[after]=2026-10-01T00:00:00Z&at[before]=2026-10-02T00:00:00Z&itemsPerPage=4`;
const read = (url: string) => t.json<Collection<Transaction>>('manager', { url });

describe('cursor pages', () => {
  it('walk the whole collection once, newest first, ties by id, like the page numbers do', async () => {
    const byPage: number[] = [];
    for (let page = 1; page <= 6; page++) byPage.push(...(await read(`${list}&page=${page}`)).body.member.map((m) => m.id));
    const byCursor: number[] = [];
    let url: string | undefined = `${list}&page=1`;
    let pages = 0;
    while (url) {
      const { status, body } = await read(url);
      expect(status).toBe(200);
      expect(body.totalItems).toBe(23);
      byCursor.push(...body.member.map((m) => m.id));
      url = body.view.next;
      if (url) expect(url).toMatch(/[?&]cursor=[\w-]+/);
      if (url) expect(url).not.toMatch(/[?&]page=/);
      pages++;
    }
    expect(pages).toBe(6);
    expect(byCursor).toEqual(byPage);
    expect(new Set(byCursor).size).toBe(23);
    const rows = (await read(`${list.replace('itemsPerPage=4', 'itemsPerPage=30')}`)).body.member;
    const sorted = [...rows].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
    expect(rows.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
    expect(rows.map((r) => r.id)).toEqual(byCursor);
  });

  it('take any position, also past every row or beyond an integer id', async () => {
    const made = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const name of ['deposits', 'transactions', 'emptyings']) {
      const { status, body } = await read(`/api/v2/${name}?cursor=${made(['2100-01-01T00:00:00.000000Z', 9_000_000_000])}`);
      expect(status, name).toBe(200);
      expect(body.view.next).toBeUndefined();
      const early = await read(`/api/v2/${name}?cursor=${made(['2000-01-01T00:00:00.000000Z', 1])}`);
      expect(early.body.member, name).toEqual([]);
    }
  });

  it('follow the order asked for on the keyset field, and refuse a cursor in any other order, with a page, or made up', async () => {
    const first = (await read(`${list}&order[at]=asc`)).body;
    const second = (await read(first.view.next ?? '')).body;
    const ascending = [...first.member, ...second.member].map((m) => m.at);
    expect(ascending).toEqual([...ascending].sort());
    const cursor = new URL(first.view.next ?? '', 'http://x').searchParams.get('cursor');
    expect((await problem(`${list}&order[amountCents]=asc&cursor=${cursor}`)).message).toBe('Query parameter "cursor" is not valid.');
    expect((await problem(`${list}&page=2&cursor=${cursor}`)).message).toBe('Query parameter "page" is not valid.');
    const made = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of [
      'nonsense',
      made(['2026-10-01', 1]),
      made({}),
      made(['2026-02-30T10:00:00.000000Z', 1]),
      made(['2026-10-01T10:00:00.000000Z', -1]),
    ]) {
      expect((await problem(`${list}&cursor=${bad}`)).message).toBe('Query parameter "cursor" is not valid.');
    }
  });
});

describe('statement time-out', () => {
  it('turns a cancelled statement into a 503 problem, not a bare 500', async () => {
    const res = await t.as(null, { url: '/api/v2/test/cancelled' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json<Problem>().type).toBe('/api/v2/problems/query_timeout');
  });

  // Not under libfaketime (the dated leg's PostgreSQL, tools/dated-tests.ts): it keeps PostgreSQL's
  // timers from firing, so no statement is ever cancelled there. A time-out is a moment's, not a date's.
  it.skipIf(!process.env.DATABASE_URL || process.env.FAKETIME)(
    'cancels a statement that runs longer on PostgreSQL (PGlite cannot)',
    async () => {
      let slowDb: Db | undefined;
      const slow = await testApp({
        statementTimeoutMs: 300,
        setup: (app) => {
          app.get('/api/v2/test/sleep', { config: { public: true } }, async () => {
            await slowDb?.execute(sql`select pg_sleep(2)`);
            return { slept: true };
          });
        },
      });
      slowDb = slow.db;
      const started = performance.now();
      const res = await slow.as(null, { url: '/api/v2/test/sleep' });
      expect(res.statusCode).toBe(503);
      expect(performance.now() - started).toBeLessThan(1500);
      // The connection goes back to the pool and serves the next caller.
      expect((await slow.as('manager', { url: '/api/v2/devices?itemsPerPage=1' })).statusCode).toBe(200);
    },
  );
});

describe('counting a big collection (decision 0014)', () => {
  it(`counts exactly up to ${MAX_PAGE_DEPTH} items, and beyond says only that there are more`, async () => {
    // Another device's day of 10,050 coins, written straight into the table (ingestion would take long).
    const other = (await t.json<Collection<Device>>('manager', { url: '/api/v2/devices?name=Vlakić 2' })).body.member[0] as Device;
    await t.db.execute(sql`
      insert into telemetry_events (company_id, logger_id, device_id, location_id, seq, type, at, received_at, amount_cents, count, test)
      select d.company_id, d.logger_id, d.id, d.location_id, 1000000 + n, 'coin', timestamptz '2026-09-01T08:00:00Z' + n * interval '1 second',
        now(), 100, 1, false
      from devices d, generate_series(1, 10050) n where d.id = ${other.id}`);
    const day = `/api/v2/transactions?device=${other.id}&at[after]=2026-09-01T00:00:00Z&at[before]=2026-09-02T00:00:00Z`;
    const big = (await read(day)).body;
    expect(big.totalItems).toBeUndefined();
    expect(big.totalItemsOver).toBe(MAX_PAGE_DEPTH);
    expect(big.member).toHaveLength(30);
    expect(big.view.last).toBeUndefined();
    expect(big.view.next).toMatch(/[?&]cursor=/);
    // The deepest page numbers reach still says "more", and links back.
    const deepest = (await read(`${day}&page=${MAX_PAGE_DEPTH / 200}&itemsPerPage=200`)).body;
    expect(deepest.totalItemsOver).toBe(MAX_PAGE_DEPTH);
    expect(deepest.view.previous).toMatch(/[?&]page=49/);
    expect(deepest.view.next).toMatch(/[?&]cursor=/);
    // Narrowed to an hour, the same list counts exactly again.
    const hour = (await read(`${day.replace('2026-09-02T00:00:00Z', '2026-09-01T08:59:59Z')}`)).body;
    expect(hour.totalItems).toBe(3599);
    expect(hour.totalItemsOver).toBeUndefined();
    expect(hour.view.last).toMatch(/[?&]page=120/);
  });
});
