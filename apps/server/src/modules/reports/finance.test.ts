import {
  addDays,
  businessDate,
  type Collection,
  type ComparativeAnalysis,
  type FinanceReport,
  type FinanceRow,
  type LessorStatement,
  type LogisticReport,
  type Transaction,
} from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devicePlacements, devices } from '../../db/schema/index.ts';
import { testApp } from '../../testing/app.ts';
import {
  createDeviceWithLogger,
  createLessor,
  createLocation,
  createMaintenance,
  releaseHeld,
  sendEvents,
  standsSince,
} from '../../testing/fixtures.ts';

/**
 * A small fleet with a year-old history, summed by hand (docs/rules.md "Money reports"):
 * - lessor L1, fixed 300 € a month, contract 2025-01-01 … 2025-11-15 (ends mid-November);
 *   - location A on L1's terms: device D1;
 *   - location B, L1's, on its own mixed terms 200 € + 20 % above 1.000 €: device D2 until 16 October;
 * - lessor L2, 10 % of revenue, no contract dates: location C, where D2 stands from 16 October.
 * October 2025 changes the clocks (26 October); it has 31 days, November 30.
 */
const t = await testApp();
const l1 = await createLessor(t, {
  rentalType: 'fixed',
  contractRentalAmountCents: 30_000,
  contractStart: '2025-01-01',
  contractEnd: '2025-11-15',
});
const l2 = await createLessor(t, { rentalType: 'percentage', rentalPercentage: 10 });
const a = await createLocation(t, { lessor: l1['@id'], fiscalization: false });
const b = await createLocation(t, {
  lessor: l1['@id'],
  fiscalization: false,
  rentalType: 'mixed',
  contractRentalAmountCents: 20_000,
  rentalPercentage: 20,
  incomeLimitCents: 100_000,
});
const c = await createLocation(t, { lessor: l2['@id'], fiscalization: false });
const d1 = await createDeviceWithLogger(t, { location: a['@id'] });
const d2 = await createDeviceWithLogger(t, { location: c['@id'] });

// Placements: D1 at A all year; D2 at B until 16 October 00:00 in Zagreb (22:00 UTC the day before), then at C.
const moved = new Date('2025-10-15T22:00:00Z');
await standsSince(t, [d1.device], new Date('2025-01-01T00:00:00Z'));
await standsSince(t, [d2.device], moved);
await t.db.insert(devicePlacements).values({
  companyId: 1,
  deviceId: d2.device.id,
  locationId: b.id,
  fromAt: new Date('2025-01-01T00:00:00Z'),
  toAt: moved,
});
expect((await t.db.select().from(devices).where(eq(devices.id, d2.device.id)))[0]?.locationId).toBe(c.id);

await sendEvents(t, d1.logger, [
  { seq: 1, at: '2025-10-10T09:00:00Z', type: 'coin', valueCents: 100, count: 50 },
  { seq: 2, at: '2025-10-10T10:00:00Z', type: 'cashless', valueCents: 2000 },
  { seq: 3, at: '2025-10-26T10:00:00Z', type: 'token', count: 4 },
  { seq: 4, at: '2025-11-05T09:00:00Z', type: 'coin', valueCents: 100, count: 30 },
  { seq: 5, at: '2025-11-05T09:05:00Z', type: 'free_ride' },
]);
await sendEvents(t, d2.logger, [
  { seq: 1, at: '2025-10-03T12:00:00Z', type: 'note', valueCents: 50_000, count: 3 },
  // 15 October 23:30 in Zagreb: still at B.
  { seq: 2, at: '2025-10-15T21:30:00Z', type: 'cashless', valueCents: 1000 },
  // 16 October 00:30 in Zagreb: at C.
  { seq: 3, at: '2025-10-15T22:30:00Z', type: 'coin', valueCents: 200, count: 50 },
  { seq: 4, at: '2025-11-20T12:00:00Z', type: 'coin', valueCents: 200, count: 100 },
]);
// Three 500 € notes at once are more than a machine takes (docs/rules.md, "Plausibility"): released by hand.
await releaseHeld(t, d2.logger);

const report = async (query: string, user = 'manager') => {
  const res = await t.json<FinanceReport>(user, { url: `/api/v2/finance-report?${query}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const line = (rows: FinanceRow[], subject: string | null, periodStart: string) => {
  const found = rows.find((r) => r.subject === subject && r.periodStart === periodStart);
  if (!found) throw new Error(`no line for ${subject} in ${periodStart}: ${JSON.stringify(rows.map((r) => [r.subject, r.periodStart]))}`);
  return found;
};
const net = (gross: number) => Math.round((gross * 100) / 125);

describe('finance reports on rollups, rent per docs/rules.md "Money reports"', () => {
  it('by location and month: revenue where the device stood, fixed, mixed and percentage rent, a month without revenue', async () => {
    const body = await report(`subject=location&from=2025-10-01&to=2025-11-30&period=month&lessor=${l1['@id']}`);
    // A: 50 € coins + 20 € card + 4 tokens × 1 € in October; 30 € coins in November.
    expect(line(body.rows, a['@id'], '2025-10-01')).toMatchObject({
      coinsCents: 5000,
      cashlessCents: 2000,
      tokens: 4,
      tokensCents: 400,
      grossCents: 7400,
      plays: expect.any(Number),
      netCents: net(7400),
      // The VAT of the machine's bills (coins, cashless: 70 €), and apart the VAT charged when the tokens
      // were sold (4 €): net is gross less both (docs/rules.md, "Revenue and VAT").
      vatCents: 7000 - net(7000),
      saleVatCents: 400 - net(400),
      rentCents: 30_000,
      shareCents: net(7400) - 30_000,
      maintenanceCents: null,
    });
    // November: the contract ends on the 15th: 15 of 30 days of 300 €.
    expect(line(body.rows, a['@id'], '2025-11-01')).toMatchObject({ grossCents: 3000, rentCents: 15_000 });
    // B, mixed: 1.510 € in October, 200 € + 20 % of 510 € = 302 €.
    expect(line(body.rows, b['@id'], '2025-10-01')).toMatchObject({
      notesCents: 150_000,
      cashlessCents: 1000,
      grossCents: 151_000,
      rentCents: 30_200,
    });
    // November: nothing earned, half the month in the contract: 100 € (the limit, prorated too, is not reached).
    expect(line(body.rows, b['@id'], '2025-11-01')).toMatchObject({ grossCents: 0, rentCents: 10_000 });
    expect(body.rows.some((r) => r.subject === c['@id'])).toBe(false);
    expect(body.totals).toMatchObject({ grossCents: 7400 + 3000 + 151_000, rentCents: 30_000 + 15_000 + 30_200 + 10_000 });
    expect(body.periods.map((p) => [p.periodStart, p.periodEnd, p.rentCents])).toEqual([
      ['2025-10-01', '2025-10-31', 60_200],
      ['2025-11-01', '2025-11-30', 25_000],
    ]);
  });

  it('by lessor: a lessor sums its locations, percentage terms without a contract period always apply', async () => {
    const body = await report('subject=lessor&from=2025-10-01&to=2025-11-30&period=month');
    expect(line(body.rows, l1['@id'], '2025-10-01')).toMatchObject({ grossCents: 158_400, rentCents: 60_200, name: l1.name });
    expect(line(body.rows, l1['@id'], '2025-11-01')).toMatchObject({ grossCents: 3000, rentCents: 25_000 });
    // C: 100 € in October (10 € rent), 200 € in November (20 €).
    expect(line(body.rows, l2['@id'], '2025-10-01')).toMatchObject({ coinsCents: 10_000, grossCents: 10_000, rentCents: 1000 });
    expect(line(body.rows, l2['@id'], '2025-11-01')).toMatchObject({ grossCents: 20_000, rentCents: 2000 });
  });

  it('by device over the whole range: each device carries the rent of where it stood; a month without revenue stays with no device', async () => {
    const body = await report(`subject=device&from=2025-10-01&to=2025-11-30&period=range&itemsPerPage=200`);
    expect(line(body.rows, d1.device['@id'], '2025-10-01')).toMatchObject({
      grossCents: 10_400,
      rentCents: 45_000,
      periodEnd: '2025-11-30',
    });
    expect(line(body.rows, d2.device['@id'], '2025-10-01')).toMatchObject({ grossCents: 181_000, rentCents: 30_200 + 1000 + 2000 });
    // B's November rent (no revenue there) is on the line without a device, with the demo's own locations' rents.
    expect(line(body.rows, null, '2025-10-01').rentCents).toBeGreaterThanOrEqual(10_000);
  });

  it('pages device, location and lessor lines across periods as one list, the rent-only lines among them', async () => {
    // Lines are worked out only for the periods a page falls in (decision 0022): any page size must
    // walk the same lines, in the same order, as one page of all of them.
    for (const [subject, period] of [
      ['device', 'day'],
      ['device', 'week'],
      ['device', 'month'],
      ['location', 'day'],
      ['location', 'month'],
      ['lessor', 'week'],
    ] as const) {
      const query = `subject=${subject}&from=2025-10-01&to=2025-11-30&period=${period}`;
      const all = await report(`${query}&itemsPerPage=200`);
      expect(all.rows.length).toBe(all.totalItems);
      expect(all.totalItems).toBeGreaterThan(3);
      if (subject === 'device') expect(all.rows.some((r) => r.subject === null)).toBe(true);
      for (const size of [1, 2, 3]) {
        const walked: FinanceRow[] = [];
        for (let page = 1; (page - 1) * size < all.totalItems + size; page++) {
          const body = await report(`${query}&itemsPerPage=${size}&page=${page}`);
          expect(body.totalItems, `${subject} by ${period}, ${size} a page, page ${page}`).toBe(all.totalItems);
          expect(body.totals).toEqual(all.totals);
          walked.push(...body.rows);
        }
        expect(walked, `${subject} by ${period}, ${size} a page`).toEqual(all.rows);
      }
    }
  });

  it('agrees with the transactions summed by hand, and splits days and ISO weeks without losing a cent', async () => {
    const sums = new Map<string, number>();
    for (const d of [d1, d2]) {
      const list = await t.json<Collection<Transaction>>('manager', { url: `/api/v2/transactions?device=${d.device.id}&itemsPerPage=200` });
      sums.set(
        d.device['@id'],
        list.body.member.filter((x) => !x.test).reduce((s, x) => s + x.amountCents, 0),
      );
    }
    for (const period of ['day', 'week', 'month', 'year', 'range'] as const) {
      for (const d of [d1, d2]) {
        const body = await report(
          `subject=device&device=${d.device['@id']}&from=2025-10-01&to=2025-11-30&period=${period}&itemsPerPage=200`,
        );
        expect(body.totals.grossCents, `${period} ${d.device.name}`).toBe(sums.get(d.device['@id']));
        expect(body.rows.reduce((s, r) => s + r.grossCents, 0)).toBe(body.totals.grossCents);
      }
    }
    const days = await report(`subject=device&device=${d2.device['@id']}&from=2025-10-15&to=2025-10-16&period=day`);
    expect(days.rows.map((r) => [r.periodStart, r.grossCents])).toEqual([
      ['2025-10-15', 1000],
      ['2025-10-16', 10_000],
    ]);
    // ISO weeks: 27 October 2025 is a Monday; the first week is clamped to the range.
    const weeks = await report(`subject=device&device=${d1.device['@id']}&from=2025-10-01&to=2025-11-09&period=week`);
    expect(weeks.periods[0]).toMatchObject({ periodStart: '2025-10-01', periodEnd: '2025-10-05' });
    expect(weeks.rows.map((r) => [r.periodStart, r.grossCents])).toEqual([
      ['2025-10-06', 7000],
      ['2025-10-20', 400],
      ['2025-11-03', 3000],
    ]);
  });

  it('adds up to the cent: lines to their period, every subject and period to the same totals, a day the same in any range', async () => {
    // March 2025 (31 days, the clocks change on the 30th), amounts that do not divide: L3 takes 7 % of
    // E's revenue (three devices), L4 123,45 € + 13 % above 500 € from 10 March (F, one device).
    const l3 = await createLessor(t, { rentalType: 'percentage', rentalPercentage: 7 });
    const l4 = await createLessor(t, {
      rentalType: 'mixed',
      contractRentalAmountCents: 12_345,
      rentalPercentage: 13,
      incomeLimitCents: 50_000,
      contractStart: '2025-03-10',
    });
    const e = await createLocation(t, { lessor: l3['@id'], fiscalization: false });
    const f = await createLocation(t, { lessor: l4['@id'], fiscalization: false });
    const fleet = [
      await createDeviceWithLogger(t, { location: e['@id'] }),
      await createDeviceWithLogger(t, { location: e['@id'] }),
      await createDeviceWithLogger(t, { location: e['@id'] }),
      await createDeviceWithLogger(t, { location: f['@id'] }),
    ];
    await standsSince(
      t,
      fleet.map((x) => x.device),
      new Date('2025-01-01T00:00:00Z'),
    );
    const coins = [10, 20, 50, 100, 200];
    const card = [133, 1001, 77, 2999, 451, 1337];
    for (const [i, x] of fleet.entries()) {
      const events = [];
      // A few days of February too, for ranges that cross into March.
      for (let day = 1 + i - 10; day <= 31; day += 2 + (i % 3)) {
        const at = day > 0 ? `2025-03-${String(day).padStart(2, '0')}T10:00:00Z` : `2025-02-${String(28 + day)}T10:00:00Z`;
        events.push({
          seq: events.length + 1,
          at,
          type: 'coin' as const,
          valueCents: coins[(day + 20 + i) % 5] ?? 10,
          count: 1 + (((day + 20) * 7 + i) % 5),
        });
        events.push({
          seq: events.length + 1,
          at: at.replace('T10', 'T11'),
          type: 'cashless' as const,
          valueCents: card[((day + 20) * 3 + i) % 6] ?? 1,
        });
      }
      await sendEvents(t, x.logger, events);
    }
    const subjects = ['device', 'location', 'lessor', 'company'] as const;
    const money = ['grossCents', 'netCents', 'vatCents', 'saleVatCents', 'cardBonusCents', 'rentCents', 'shareCents'] as const;
    const whole = async (from: string, subject: (typeof subjects)[number], period: string) =>
      report(`subject=${subject}&from=${from}&to=2025-03-31&period=${period}&itemsPerPage=200`);
    for (const from of ['2025-03-01', '2025-02-15']) {
      const totals = new Set<string>();
      for (const subject of subjects)
        for (const period of ['day', 'week', 'month', 'range']) {
          const body = await whole(from, subject, period);
          expect(body.rows.length).toBe(body.totalItems);
          for (const p of body.periods) {
            const lines = body.rows.filter((r) => r.periodStart === p.periodStart);
            for (const field of money)
              expect(
                lines.reduce((sum, r) => sum + r[field], 0),
                `${subject} by ${period}, ${p.periodStart}: the lines' ${field}`,
              ).toBe(p[field]);
          }
          for (const r of body.rows) for (const field of money) expect(Number.isInteger(r[field])).toBe(true);
          totals.add(JSON.stringify(money.map((field) => body.totals[field])));
        }
      // Sixteen reports of one range, by device, location, lessor or company, by day, week, month or
      // the whole range: the same gross, net, VAT, rent and share.
      expect([...totals], from).toHaveLength(1);
    }
    // E's March rent: 7 % of its revenue, to the cent, as the lessor's statement says.
    const byMonth = await whole('2025-03-01', 'location', 'month');
    const eMarch = line(byMonth.rows, e['@id'], '2025-03-01');
    expect(eMarch.rentCents).toBe(Math.round(eMarch.grossCents * 0.07));
    const statement = await t.json<LessorStatement>('manager', { url: `/api/v2/lessors/${l3.id}/statement?month=2025-03` });
    expect(statement.body.lines.find((l) => l.location === e['@id'])?.rentCents).toBe(eMarch.rentCents);
    // A day is the same whether the report starts on the 1st or the 12th (rent and net shared from the
    // month's start), by device and by location. (The rent of a place that took nothing in the month
    // is dated on the range's first day: it is left out here.)
    const earning = (rows: FinanceRow[]) => rows.filter((r) => r.grossCents > 0);
    for (const subject of ['device', 'location'] as const) {
      const month = await whole('2025-03-01', subject, 'day');
      // From the 12th: the takings before it read day by day; from the 25th, the month's less the days after.
      for (const from of ['2025-03-12', '2025-03-25']) {
        const late = await whole(from, subject, 'day');
        expect(earning(late.rows).length).toBeGreaterThan(5);
        expect(earning(late.rows), `${subject} from ${from}`).toEqual(earning(month.rows).filter((r) => r.periodStart >= from));
      }
    }
    // One device's report: its lines carry the rent they carry among the others.
    const all = await whole('2025-03-01', 'device', 'day');
    const [first] = fleet;
    const one = await report(`subject=device&device=${first?.device['@id']}&from=2025-03-01&to=2025-03-31&period=day`);
    expect(one.rows.length).toBeGreaterThan(5);
    expect(one.rows.map((r) => [r.periodStart, r.grossCents, r.rentCents])).toEqual(
      all.rows.filter((r) => r.subject === first?.device['@id']).map((r) => [r.periodStart, r.grossCents, r.rentCents]),
    );
    expect(one.totals.rentCents).toBe(one.rows.reduce((sum, r) => sum + r.rentCents, 0));
  });

  it('shares the largest amounts a logger may send without overflowing (200 notes of 500 € × 1,000 in a day)', async () => {
    const lessor = await createLessor(t, { rentalType: 'percentage', rentalPercentage: 90 });
    const place = await createLocation(t, { lessor: lessor['@id'], fiscalization: false });
    const big = await createDeviceWithLogger(t, { location: place['@id'] });
    await standsSince(t, [big.device], new Date('2024-01-01T00:00:00Z'));
    const events = Array.from({ length: 200 }, (_, i) => ({
      seq: i + 1,
      at: `2024-03-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00Z`,
      type: 'note' as const,
      valueCents: 50_000,
      count: 1000,
    }));
    await sendEvents(t, big.logger, events);
    // Held as implausible, as it is; released, it must still add up.
    expect(await releaseHeld(t, big.logger)).toBe(1);
    for (const subject of ['device', 'location', 'company'] as const) {
      const body = await report(`subject=${subject}&from=2024-03-01&to=2024-03-31&period=day&itemsPerPage=200`);
      const mine = body.rows.filter(
        (r) => subject === 'company' || r.subject === (subject === 'device' ? big.device['@id'] : place['@id']),
      );
      expect(
        mine.reduce((sum, r) => sum + r.grossCents, 0),
        subject,
      ).toBe(200 * 50_000 * 1000);
      if (subject !== 'company')
        expect(
          mine.reduce((sum, r) => sum + r.rentCents, 0),
          subject,
        ).toBe(0.9 * 200 * 50_000 * 1000);
    }
  });

  it('the company report adds maintenance, operational costs and EBITDA, and is the sum of its locations', async () => {
    await createMaintenance(t, { device: d1.device['@id'], date: '2025-10-20', costCents: 4500 });
    await t.as('admin', {
      method: 'PATCH',
      url: '/api/v2/companies/1',
      payload: { operationalCostsCents: 31_000 },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    const company = await report('subject=company&from=2025-10-01&to=2025-10-31&period=month');
    const locations = await report('subject=location&from=2025-10-01&to=2025-10-31&period=month&itemsPerPage=200');
    const [row] = company.rows;
    expect(company.rows).toHaveLength(1);
    expect(row).toMatchObject({
      subject: '/api/v2/companies/1',
      grossCents: locations.totals.grossCents,
      rentCents: locations.totals.rentCents,
    });
    expect(row?.maintenanceCents).toBe(4500);
    expect(row?.operationalCostsCents).toBe(31_000);
    expect(row?.ebitdaCents).toBe((row?.netCents ?? 0) - (row?.rentCents ?? 0) - 31_000 - 4500 - (row?.prizeCostCents ?? 0));
    // Half of October: half the monthly costs, by day.
    const half = await report('subject=company&from=2025-10-01&to=2025-10-15&period=range');
    expect(half.rows[0]?.operationalCostsCents).toBe(15_000);
  });

  it('keeps to the caller: another company sees none of it, a worker may not read it, bad input is a 4xx', async () => {
    const other = await report('subject=location&from=2025-10-01&to=2025-11-30', 'otherManager');
    expect(other.rows.some((r) => [a['@id'], b['@id'], c['@id']].includes(r.subject ?? ''))).toBe(false);
    expect((await t.as('worker', { url: '/api/v2/finance-report?subject=device&from=2025-10-01&to=2025-10-31' })).statusCode).toBe(403);
    const cases = [
      ['subject=device&from=2025-10-31&to=2025-10-01', 422],
      ['subject=device&from=2015-01-01&to=2025-10-01', 422],
      ['subject=device&from=2024-01-01&to=2025-10-01&period=day', 422],
      ['subject=planet&from=2025-10-01&to=2025-10-31', 400],
      ['subject=device&from=2025-10-01&to=2025-10-31&device=/api/v2/lessors/1', 400],
      ['subject=company&from=2025-10-01&to=2025-10-31&device=/api/v2/devices/1', 400],
      ['subject=device&from=2025-13-01&to=2025-10-31', 400],
    ] as const;
    for (const [query, status] of cases)
      expect((await t.as('manager', { url: `/api/v2/finance-report?${query}` })).statusCode, query).toBe(status);
  });
});

describe('comparative analysis', () => {
  it('sets two periods side by side, with the change, ranked', async () => {
    const res = await t.json<ComparativeAnalysis>('manager', {
      url: `/api/v2/comparative-analysis?subject=location&from=2025-11-01&to=2025-11-30&compareFrom=2025-10-01&compareTo=2025-10-31&lessor=${l1['@id']}&order[changeCents]=asc`,
    });
    expect(res.status).toBe(200);
    // B: 1.510 € in October, nothing in November; A: 74 € then 30 €.
    expect(res.body.rows.map((r) => [r.rank, r.subject, r.currentCents, r.previousCents, r.changeCents, r.changePercent])).toEqual([
      [1, b['@id'], 0, 151_000, -151_000, -100],
      [2, a['@id'], 3000, 7400, -4400, -59.46],
    ]);
    expect(res.body.totals).toMatchObject({ currentCents: 3000, previousCents: 158_400, changeCents: -155_400 });
    const devices = await t.json<ComparativeAnalysis>('manager', {
      url: `/api/v2/comparative-analysis?subject=device&from=2025-11-01&to=2025-11-30&compareFrom=2025-10-01&compareTo=2025-10-31&itemsPerPage=200`,
    });
    expect(devices.body.rows.find((r) => r.subject === d2.device['@id'])).toMatchObject({
      currentCents: 20_000,
      previousCents: 161_000,
      rank: 1,
    });
    const bad = await t.as('manager', {
      url: '/api/v2/comparative-analysis?subject=device&from=2025-11-01&to=2025-11-30&compareFrom=2025-10-31&compareTo=2025-10-01',
    });
    expect(bad.statusCode).toBe(422);
    const twice = await t.as('manager', {
      url: '/api/v2/comparative-analysis?subject=device&from=2025-11-01&to=2025-11-30&compareFrom=2025-10-01&compareTo=2025-10-31&order[name]=asc&order[changeCents]=asc',
    });
    expect(twice.statusCode).toBe(400);
  });
});

describe('logistic report', () => {
  it('needs a filter, then gives saldo, prizes and the day each box is full, as a visit list', async () => {
    const today = businessDate();
    const from = addDays(today, -7);
    const none = await t.json<{ violations: { propertyPath: string; message: string }[] }>('manager', {
      url: `/api/v2/logistic-report?subject=device&from=${from}&to=${today}`,
    });
    expect(none.status).toBe(422);
    expect(none.body.violations[0]).toMatchObject({ propertyPath: 'filter', message: 'Please apply one of the filters above.' });

    const place = await createLocation(t, { fiscalization: false });
    const saldo = await createDeviceWithLogger(t, {
      location: place['@id'],
      group: 'saldo_reducer',
      cashBoxCapacityCents: 10_000,
      tokenValueCents: 100,
    });
    const prize = await createDeviceWithLogger(t, { location: place['@id'], group: 'prize_device', playPriceCents: 100 });
    await standsSince(t, [saldo.device, prize.device], new Date(Date.now() - 30 * 86_400_000));
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await sendEvents(t, saldo.logger, [
      { seq: 1, at: threeDaysAgo, type: 'coin', valueCents: 100, count: 30 },
      { seq: 2, at: threeDaysAgo, type: 'prize_out', count: 5 },
    ]);
    await sendEvents(t, prize.logger, [
      { seq: 1, at: threeDaysAgo, type: 'coin', valueCents: 100, count: 10 },
      { seq: 2, at: threeDaysAgo, type: 'prize_out', count: 2 },
    ]);
    const res = await t.json<LogisticReport>('manager', {
      url: `/api/v2/logistic-report?subject=device&from=${from}&to=${today}&location=${place['@id']}`,
    });
    expect(res.status).toBe(200);
    const [first, second] = res.body.rows;
    // The saldo reducer's box (capacity 100 €, 30 € in it, 30 € in 14 days) fills in 33 days; the prize device has no capacity.
    expect(first).toMatchObject({
      subject: saldo.device['@id'],
      group: 'saldo_reducer',
      moneyInCents: 3000,
      paidOutCents: 500,
      netSaldoCents: 2500,
      cashInBoxCents: 3000,
      dailyIntakeCents: 214,
      fullOn: addDays(today, 33),
      prizesLeft: null,
    });
    expect(second).toMatchObject({
      subject: prize.device['@id'],
      prizesOut: 2,
      prizesLeft: -2,
      prizesToRefill: 2,
      fullOn: null,
      paidOutCents: null,
    });
    expect(second?.payoutRatio).toBe(Math.round((2 / (second?.plays ?? 1)) * 10_000) / 10_000);
    const byLocation = await t.json<LogisticReport>('manager', {
      url: `/api/v2/logistic-report?subject=location&from=${from}&to=${today}&location=${place['@id']}`,
    });
    expect(byLocation.body.rows.map((r) => [r.subject, r.group, r.devices])).toEqual([
      [place['@id'], 'saldo_reducer', 1],
      [place['@id'], 'prize_device', 1],
    ]);
    const other = await t.json<LogisticReport>('otherManager', {
      url: `/api/v2/logistic-report?subject=device&from=${from}&to=${today}&location=${place['@id']}`,
    });
    expect(other.body.rows).toEqual([]);
  });
});

describe('module components', () => {
  it('EBITDA (the company report) and the comparative analysis need their components, on the server too', async () => {
    const patch = (activeModuleComponents: string[]) =>
      t.as('admin', {
        method: 'PATCH',
        url: '/api/v2/companies/1',
        payload: { activeModuleComponents },
        headers: { 'content-type': 'application/merge-patch+json' },
      });
    const before = (await t.json<{ activeModuleComponents: string[] }>('admin', { url: '/api/v2/companies/1' })).body
      .activeModuleComponents;
    expect((await patch(before.filter((c) => c !== 'finance.ebitda' && c !== 'finance.comparative'))).statusCode).toBe(200);
    try {
      expect((await t.as('manager', { url: '/api/v2/finance-report?subject=company&from=2025-10-01&to=2025-10-31' })).statusCode).toBe(403);
      expect((await t.as('manager', { url: '/api/v2/finance-report?subject=location&from=2025-10-01&to=2025-10-31' })).statusCode).toBe(
        200,
      );
      const compared = await t.as('manager', {
        url: '/api/v2/comparative-analysis?subject=device&from=2025-11-01&to=2025-11-30&compareFrom=2025-10-01&compareTo=2025-10-31',
      });
      expect(compared.statusCode).toBe(403);
      expect((await t.as('admin', { url: '/api/v2/finance-report?subject=company&from=2025-10-01&to=2025-10-31' })).statusCode).toBe(200);
    } finally {
      await patch(before);
    }
  });
});
