import { businessDate, type Collection, type Device, type RevenueReport, type Transaction } from '@kovanica/contract';
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
