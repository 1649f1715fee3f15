import {
  addDays,
  businessDate,
  type Collection,
  type CompaniesDailyRevenue,
  type Device,
  type RevenueReport,
  VIEW_HEADER,
} from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { demoCredential } from '../../demo/fleet.ts';
import { testApp } from '../../testing/app.ts';

const t = await testApp();
const all = { [VIEW_HEADER]: 'all' };
const firstDevice = async (user: 'manager' | 'otherManager', name: string) =>
  (await t.json<Collection<Device>>(user, { url: `/api/v2/devices?name=${encodeURIComponent(name)}` })).body.member[0] as Device;
const zabavniDevice = await firstDevice('manager', 'Dizalica 1');
const drugiDevice = (await t.json<Collection<Device>>('otherManager', { url: '/api/v2/devices?itemsPerPage=1' })).body.member[0] as Device;

const at = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const today = businessDate();
// The events are minutes old: near midnight in Zagreb they fall on yesterday, so the range starts there.
const since = businessDate(new Date(Date.now() - 10 * 60_000));

/** Events through the real ingestion, as the device's logger sends them. */
async function send(device: Device, events: object[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/telemetry/batches',
    headers: { authorization: `Bearer ${demoCredential(device.imei ?? '')}` },
    payload: { imei: device.imei, events },
  });
  expect(res.statusCode).toBe(200);
}
await send(zabavniDevice, [
  { seq: 1, at: at(5), type: 'coin', valueCents: 100, count: 1 },
  { seq: 2, at: at(4), type: 'token', count: 1 },
  { seq: 3, at: at(3), type: 'cashless', valueCents: 100 },
  { seq: 4, at: at(2.5), type: 'free_ride' },
  { seq: 5, at: at(2), type: 'service_mode', on: true },
  { seq: 6, at: at(2), type: 'coin', valueCents: 100, count: 1 },
  { seq: 7, at: at(1), type: 'service_mode', on: false },
]);
await send(drugiDevice, [
  { seq: 1, at: at(4), type: 'coin', valueCents: 200, count: 1 },
  { seq: 2, at: at(3), type: 'note', valueCents: 1000 },
]);

// A company with no devices at all: nothing to report, so no row.
const empty = await t.json<{ '@id': string }>('admin', {
  method: 'POST',
  url: '/api/v2/companies',
  payload: { name: 'Prazna d.o.o.', oib: '77123450187', address: 'Ilica 2', activeModules: ['devices'] },
});
expect(empty.status).toBe(201);

const report = (user: 'admin' | 'manager' | 'accountant' | 'worker', query: string, headers: Record<string, string> = {}) =>
  t.json<CompaniesDailyRevenue>(user, { url: `/api/v2/revenue/companies-daily?${query}`, headers });
const sumOf = (days: { revenueCents: number }[]) => days.reduce((total, d) => total + d.revenueCents, 0);

describe("the companies' daily revenue", () => {
  it('sums each company per business day from the rollup, without test plays and free rides, with net for VAT payers', async () => {
    const res = await report('admin', `from=${since}&to=${today}`, all);
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r) => r.companyName)).toEqual([
      'Drugi automati j.d.o.o.',
      'Zabavni automati d.o.o.',
      'Zabavni automati Istra d.o.o.',
    ]);
    const [drugi, zabavni, istra] = res.body.rows;
    // Coin, token at 1,00 € and cashless; the coin in service mode is a test play and the free ride is free.
    expect(zabavni).toMatchObject({ revenueCents: 300, plays: 3, inVatSystem: true, netCents: 240 });
    expect(sumOf(zabavni?.days ?? [])).toBe(300);
    // Drugi is not in the VAT system: gross only.
    expect(drugi).toMatchObject({ company: drugiDevice.company, revenueCents: 1200, inVatSystem: false, netCents: null });
    // Plays come from paid credit at each device's play price: 12 at Drugi's 1,00 €.
    expect(drugi?.plays).toBe(12);
    // A company with devices but no plays shows every day as zero.
    expect(istra).toMatchObject({ revenueCents: 0, plays: 0, netCents: 0 });
    expect(istra?.days.every((d) => d.revenueCents === 0 && d.plays === 0)).toBe(true);
    // Every day of the range, in order, on every row and on the totals.
    const days = since === today ? [today] : [since, today];
    for (const row of [...res.body.rows, res.body.totals]) expect(row.days.map((d) => d.day)).toEqual(days);
    expect(res.body.totals).toMatchObject({ revenueCents: 1500, plays: 15, netCents: 240 + 1200 });
    expect(res.body.totals.days.map((d) => d.revenueCents)).toEqual(
      days.map((_, i) => res.body.rows.reduce((total, r) => total + (r.days[i]?.revenueCents ?? 0), 0)),
    );
    // The same money the detailed review counts over the same days and view.
    const review = await t.json<RevenueReport>('admin', { url: `/api/v2/revenue?from=${since}&to=${today}`, headers: all });
    expect(review.body.totals).toMatchObject({ revenueCents: 1500, plays: 15 });
  });

  it('follows the view: My Company is the admin’s own company', async () => {
    const mine = await report('admin', `from=${since}&to=${today}`);
    expect(mine.body.rows.map((r) => [r.companyName, r.revenueCents])).toEqual([['Zabavni automati d.o.o.', 300]]);
    expect(mine.body.totals).toMatchObject({ revenueCents: 300, netCents: 240 });
  });

  it('lists every day of a range without telemetry as zero', async () => {
    const res = await report('admin', 'from=2020-02-28&to=2020-03-01', all);
    expect(res.status).toBe(200);
    expect(res.body.rows).toHaveLength(3);
    for (const row of res.body.rows) {
      expect(row.days).toEqual([
        { day: '2020-02-28', revenueCents: 0, plays: 0 },
        { day: '2020-02-29', revenueCents: 0, plays: 0 },
        { day: '2020-03-01', revenueCents: 0, plays: 0 },
      ]);
    }
    expect(res.body.totals).toMatchObject({ revenueCents: 0, plays: 0, netCents: 0 });
  });

  it('is for admins only', async () => {
    for (const user of ['manager', 'accountant', 'worker'] as const) {
      expect((await report(user, `from=${today}&to=${today}`, all)).status, user).toBe(403);
    }
  });

  it('takes a range of real days, the end not before the start, at most a year', async () => {
    const backwards = await t.json<{ violations: { propertyPath: string; code: string }[] }>('admin', {
      url: `/api/v2/revenue/companies-daily?from=${today}&to=${addDays(today, -1)}`,
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.violations[0]).toMatchObject({ propertyPath: 'to', code: 'end_before_start' });

    const year = await report('admin', 'from=2024-01-01&to=2024-12-31', all);
    expect(year.status).toBe(200);
    expect(year.body.totals.days).toHaveLength(366);

    const tooLong = await t.json<{ violations: { propertyPath: string; code: string; message: string }[] }>('admin', {
      url: '/api/v2/revenue/companies-daily?from=2024-01-01&to=2025-01-01',
      headers: { 'accept-language': 'hr' },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.violations[0]).toEqual({
      propertyPath: 'to',
      code: 'range_too_long',
      message: 'Razdoblje smije obuhvaćati najviše 366 dana.',
    });

    expect((await report('admin', 'from=2024-02-30&to=2024-03-01')).status).toBe(400);
    expect((await report('admin', 'from=2024-02-01')).status).toBe(400);
  });
});
