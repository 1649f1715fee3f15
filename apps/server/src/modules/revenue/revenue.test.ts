import { businessDate, type Collection, type Device, type RevenueReport, type Transaction } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoCredential } from '../../demo/fleet.ts';
import { testApp } from '../../testing/app.ts';

const t = await testApp();
const device = (await t.json<Collection<Device>>('manager', { url: '/api/v2/devices?name=Dizalica 1' })).body.member[0] as Device;
const at = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const today = businessDate();
// The events are minutes old: near midnight in Zagreb they fall on yesterday, so the range starts there.
const since = businessDate(new Date(Date.now() - 10 * 60_000));
await t.app.inject({
  method: 'POST',
  url: '/api/v2/telemetry/batches',
  headers: { authorization: `Bearer ${demoCredential(device.imei ?? '')}` },
  payload: {
    imei: device.imei,
    events: [
      { seq: 1, at: at(5), type: 'coin', valueCents: 100, count: 1 },
      { seq: 2, at: at(4), type: 'token', count: 1 },
      { seq: 3, at: at(3), type: 'cashless', valueCents: 100 },
      { seq: 4, at: at(2.5), type: 'free_ride' },
      { seq: 5, at: at(2), type: 'service_mode', on: true },
      { seq: 6, at: at(2), type: 'coin', valueCents: 100, count: 1 },
      { seq: 7, at: at(1), type: 'service_mode', on: false },
      { seq: 8, at: at(1), type: 'heartbeat' },
    ],
  },
});

describe("today's revenue and the detailed review", () => {
  it('sums the parts per device and location from the rollup, without test plays and free rides', async () => {
    const res = await t.json<RevenueReport>('accountant', { url: `/api/v2/revenue?from=${since}&to=${today}` });
    expect(res.status).toBe(200);
    expect(res.body.rows).toHaveLength(1);
    expect(res.body.rows[0]).toMatchObject({
      deviceName: 'Dizalica 1',
      coinsCents: 100,
      tokens: 1,
      tokensCents: 100,
      cashlessCents: 100,
      revenueCents: 300,
      plays: 3,
      averagePerPlayCents: 100,
      freeRides: 1,
      testPlays: 1,
    });
    expect(res.body.totals).toMatchObject({ revenueCents: 300, plays: 3, averagePerPlayCents: 100 });
    const empty = await t.json<RevenueReport>('accountant', { url: '/api/v2/revenue?from=2020-01-01&to=2020-01-31' });
    expect(empty.body).toMatchObject({ rows: [], totals: { revenueCents: 0, averagePerPlayCents: null } });
    const other = await t.json<RevenueReport>('otherManager', { url: `/api/v2/revenue?from=${today}&to=${today}` });
    expect(other.body.rows).toEqual([]);
    expect((await t.as('worker', { url: `/api/v2/revenue?from=${today}&to=${today}` })).statusCode).toBe(403);
    const backwards = await t.json<{ violations: { propertyPath: string }[] }>('manager', {
      url: `/api/v2/revenue?from=${today}&to=2020-01-01`,
    });
    expect(backwards.body.violations[0]?.propertyPath).toBe('to');
  });

  it('lists the transactions, test plays marked, with filters', async () => {
    const list = await t.json<Collection<Transaction>>('accountant', { url: `/api/v2/transactions?device=${device.id}` });
    expect(list.body.member.map((x) => [x.type, x.amountCents, x.test])).toEqual([
      ['coin', 100, true],
      ['free_ride', 0, false],
      ['cashless', 100, false],
      ['token', 100, false],
      ['coin', 100, false],
    ]);
    expect(list.body.member[0]?.locationName).toBe(device.locationName);
    const tests = await t.json<Collection<Transaction>>('manager', {
      url: `/api/v2/transactions?device=${device.id}&test=false&type=coin`,
    });
    expect(tests.body.totalItems).toBe(1);
    expect((await t.json<Collection<Transaction>>('otherManager', { url: '/api/v2/transactions' })).body.totalItems).toBe(0);
    expect((await t.as('otherManager', { url: list.body.member[0]?.['@id'] ?? '' })).statusCode).toBe(404);
  });
});

/** Sends 1-euro coins from a device, `count` at each of the given instants. */
async function coins(of: Device, events: { at: string; count: number }[], firstSeq: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/telemetry/batches',
    headers: { authorization: `Bearer ${demoCredential(of.imei ?? '')}` },
    payload: {
      imei: of.imei,
      events: events.map((e, i) => ({ seq: firstSeq + i, at: e.at, type: 'coin', valueCents: 100, count: e.count })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const fleet = (await t.json<Collection<Device>>('manager', { url: '/api/v2/devices?itemsPerPage=200&order[name]=asc' })).body.member.filter(
  (d) => d.imei && d.location && d.id !== device.id,
);

describe('revenue over months (decision 0015)', () => {
  const [one] = fleet;
  if (!one) throw new Error('the demo has no second device');
  // 11:00 in Zagreb on each day; the amounts are distinct powers of two, so every sum names its days.
  const days = ['2025-01-31', '2025-02-01', '2025-02-15', '2025-02-28', '2025-03-01', '2025-03-31', '2025-04-01'];
  const cents = (day: string) => 2 ** days.indexOf(day) * 100;
  it('adds whole months from the monthly rollup and the days around them from the daily one, exactly', async () => {
    await coins(
      one,
      days.map((day) => ({ at: `${day}T10:00:00Z`, count: cents(day) / 100 })),
      5000,
    );
    const revenue = async (from: string, to: string) =>
      (await t.json<RevenueReport>('manager', { url: `/api/v2/revenue?from=${from}&to=${to}&device=${one.id}` })).body.totals.revenueCents;
    const expected = (from: string, to: string) => days.filter((d) => d >= from && d <= to).reduce((n, d) => n + cents(d), 0);
    for (const [from, to] of [
      ['2025-01-31', '2025-03-31'], // a day, then two whole months
      ['2025-02-01', '2025-02-28'], // one whole month alone
      ['2025-02-02', '2025-03-01'], // no whole month: days only
      ['2025-02-28', '2025-04-01'], // a day, a whole month, a day
      ['2025-01-01', '2025-12-31'], // the whole year
      ['2025-03-31', '2025-03-31'], // one day
    ] as const) {
      expect(await revenue(from, to), `${from}…${to}`).toBe(expected(from, to));
    }
  });

  it('keeps every month equal to the sum of its days, for every device', async () => {
    const differences = await t.db.execute(sql`
      select m.device_id, m.month from device_monthly m
      full join (select device_id, location_key, date_trunc('month', day)::date as month, sum(coins_cents) coins, sum(plays) plays, sum(events) events
        from device_daily group by 1, 2, 3) d using (device_id, location_key, month)
      where m.coins_cents is distinct from d.coins or m.plays is distinct from d.plays or m.events is distinct from d.events`);
    expect((differences as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('the lines of a report', () => {
  it('come a page at a time in the order asked for, per device or per location, the totals always of them all', async () => {
    const three = fleet.slice(1, 4);
    const day = '2025-06-10';
    for (const [i, d] of three.entries()) await coins(d, [{ at: `${day}T09:00:00Z`, count: [1, 3, 2][i] ?? 0 }], 7000);
    const url = `/api/v2/revenue?from=${day}&to=${day}`;
    const page1 = (await t.json<RevenueReport>('manager', { url: `${url}&itemsPerPage=2` })).body;
    expect(page1.rows.map((r) => r.revenueCents)).toEqual([300, 200]);
    expect(page1).toMatchObject({ group: 'device', totalItems: 3, page: 1, itemsPerPage: 2, totals: { revenueCents: 600, plays: 3 } });
    const page2 = (await t.json<RevenueReport>('manager', { url: `${url}&itemsPerPage=2&page=2` })).body;
    expect(page2.rows.map((r) => r.revenueCents)).toEqual([100]);
    expect(page2.totals.revenueCents).toBe(600);
    const beyond = (await t.json<RevenueReport>('manager', { url: `${url}&itemsPerPage=2&page=9` })).body;
    expect(beyond).toMatchObject({ rows: [], totalItems: 3, totals: { revenueCents: 600 } });
    const byName = (await t.json<RevenueReport>('manager', { url: `${url}&order[device]=asc` })).body.rows.map((r) => r.deviceName);
    expect(byName).toEqual([...byName].sort((a, b) => (a ?? '').localeCompare(b ?? '', 'hr')));
    const ascending = (await t.json<RevenueReport>('manager', { url: `${url}&order[revenueCents]=asc` })).body.rows;
    expect(ascending.map((r) => r.revenueCents)).toEqual([100, 200, 300]);
    const places = (await t.json<RevenueReport>('manager', { url: `${url}&group=location` })).body;
    expect(places.rows.every((r) => r.device === null && r.deviceName === null)).toBe(true);
    expect(places.rows.reduce((n, r) => n + r.devices, 0)).toBe(3);
    expect(places.totals.revenueCents).toBe(600);
    for (const bad of [
      'order[revenueCents]=up',
      'order[revenueCents]=asc&order[device]=asc',
      'order[name]=asc',
      'group=company',
      'itemsPerPage=201',
      'page=0',
    ]) {
      expect((await t.as('manager', { url: `${url}&${bad}` })).statusCode, bad).toBe(400);
    }
  });
});
