import { businessDate, daysBetween, type FinanceReport, type Lessor, type LessorStatement, monthEnd } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/app.ts';
import {
  createDeviceWithLogger,
  createLessor,
  createLocation,
  firstOf,
  releaseHeld,
  sendEvents,
  standsSince,
} from '../../testing/fixtures.ts';
import { roundCents } from './statement.service.ts';

/**
 * The monthly lessor statement, worked out by hand (docs/rules.md "Money reports", monthly lessor statement):
 * - lessor L1, fixed 300 € a month, contract 2025-01-01 … 2025-11-15 (ends mid-November, 15 of 30 days);
 *   - A on L1's terms (fixed): device D1;
 *   - B on its own percentage, 12,5 % (the location's terms over the lessor's): device D2;
 *   - C on its own mixed terms, 200 € + 20 % above 1.000 €: device D3;
 * - lessor L2, fixed 310 € a month from 2025-10-20 (starts mid-October, 12 of 31 days): location F, no devices;
 * - lessor L3, fixed 100,01 € until 2025-11-15: location G, whose November rent is 50,005 €.
 */
const t = await testApp();
const l1 = await createLessor(t, {
  rentalType: 'fixed',
  contractRentalAmountCents: 30_000,
  contractStart: '2025-01-01',
  contractEnd: '2025-11-15',
});
const l2 = await createLessor(t, { rentalType: 'fixed', contractRentalAmountCents: 31_000, contractStart: '2025-10-20' });
const a = await createLocation(t, { name: 'A Kafić', lessor: l1['@id'], fiscalization: false });
const b = await createLocation(t, {
  name: 'B Trgovina',
  lessor: l1['@id'],
  fiscalization: false,
  rentalType: 'percentage',
  rentalPercentage: 12.5,
});
const c = await createLocation(t, {
  name: 'C Igraonica',
  lessor: l1['@id'],
  fiscalization: false,
  rentalType: 'mixed',
  contractRentalAmountCents: 20_000,
  rentalPercentage: 20,
  incomeLimitCents: 100_000,
});
const f = await createLocation(t, { name: 'F Kino', lessor: l2['@id'], fiscalization: false });
// L3: a fixed 100,01 € that ends mid-November: 15 of 30 days is 50,005 €, half a cent to round.
const l3 = await createLessor(t, {
  rentalType: 'fixed',
  contractRentalAmountCents: 10_001,
  contractStart: '2025-01-01',
  contractEnd: '2025-11-15',
});
const g = await createLocation(t, { name: 'G Pekara', lessor: l3['@id'], fiscalization: false });
const devices = await Promise.all([a, b, c].map((place) => createDeviceWithLogger(t, { location: place['@id'] })));
await standsSince(
  t,
  devices.map((d) => d.device),
  new Date('2025-01-01T00:00:00Z'),
);
const [d1, d2, d3] = devices as [(typeof devices)[0], (typeof devices)[0], (typeof devices)[0]];

await sendEvents(t, d1.logger, [
  { seq: 1, at: '2025-10-10T09:00:00Z', type: 'coin', valueCents: 100, count: 50 },
  { seq: 2, at: '2025-10-10T10:00:00Z', type: 'cashless', valueCents: 2000 },
  { seq: 3, at: '2025-10-26T10:00:00Z', type: 'token', count: 4 },
  { seq: 4, at: '2025-11-05T09:00:00Z', type: 'coin', valueCents: 100, count: 30 },
  // After the contract's end: revenue of the month, no basis of rent.
  { seq: 5, at: '2025-11-20T09:00:00Z', type: 'coin', valueCents: 200, count: 10 },
]);
await sendEvents(t, d2.logger, [
  { seq: 1, at: '2025-10-03T12:00:00Z', type: 'note', valueCents: 10_000, count: 2 },
  { seq: 2, at: '2025-11-10T12:00:00Z', type: 'coin', valueCents: 100, count: 40 },
  { seq: 3, at: '2025-11-25T12:00:00Z', type: 'cashless', valueCents: 3000 },
]);
await releaseHeld(t, d2.logger);
await sendEvents(t, d3.logger, [
  { seq: 1, at: '2025-10-03T12:00:00Z', type: 'note', valueCents: 5000, count: 30 },
  { seq: 2, at: '2025-10-15T12:00:00Z', type: 'cashless', valueCents: 1000 },
  { seq: 3, at: '2025-11-14T12:00:00Z', type: 'note', valueCents: 5000, count: 20 },
  { seq: 4, at: '2025-11-16T12:00:00Z', type: 'coin', valueCents: 200, count: 50 },
]);
// Notes by the dozen at once are more than a machine takes (docs/rules.md, "Plausibility"): released by hand.
await releaseHeld(t, d3.logger);

const statement = async (lessor: { id: number }, month: string, user = 'manager') => {
  const res = await t.json<LessorStatement>(user, { url: `/api/v2/lessors/${lessor.id}/statement?month=${month}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const lineOf = (body: LessorStatement, place: { '@id': string }) => {
  const found = body.lines.find((l) => l.location === place['@id']);
  if (!found) throw new Error(`no line for ${place['@id']}`);
  return found;
};

describe('the monthly lessor statement', () => {
  it('October: fixed, the location’s own percentage, mixed above the limit, all by hand', async () => {
    const body = await statement(l1, '2025-10');
    expect(body).toMatchObject({
      month: '2025-10',
      from: '2025-10-01',
      to: '2025-10-31',
      daysInMonth: 31,
      countedTo: '2025-10-31',
      running: false,
      company: { '@id': '/api/v2/companies/1', name: 'Zabavni automati d.o.o.' },
      lessor: {
        '@id': l1['@id'],
        name: l1.name,
        oib: l1.oib,
        rentalType: 'fixed',
        contractRentalAmountCents: 30_000,
        contractEnd: '2025-11-15',
      },
    });
    expect(body.lines.map((l) => l.name)).toEqual(['A Kafić', 'B Trgovina', 'C Igraonica']);
    // A: 50 € coins + 20 € card + 4 tokens × 1 €; on L1's terms, the whole month: 300 €.
    expect(lineOf(body, a)).toMatchObject({
      coinsCents: 5000,
      cashlessCents: 2000,
      tokens: 4,
      tokensCents: 400,
      grossCents: 7400,
      ownTerms: false,
      terms: { rentalType: { value: 'fixed', from: 'lessor' }, contractRentalAmountCents: { value: 30_000, from: 'lessor' } },
      contractFrom: '2025-10-01',
      contractTo: '2025-10-31',
      contractDays: 31,
      basisCents: 7400,
      fixedCents: 30_000,
      percentCents: 0,
      rentCents: 30_000,
    });
    // B: 200 € in notes; 12,5 % of it = 25 €.
    expect(lineOf(body, b)).toMatchObject({
      notesCents: 20_000,
      grossCents: 20_000,
      ownTerms: true,
      terms: { rentalType: { value: 'percentage', from: 'location' }, rentalPercentage: { value: 12.5, from: 'location' } },
      contractDays: 31,
      basisCents: 20_000,
      fixedCents: 0,
      percentCents: 2500,
      rentCents: 2500,
    });
    // C: 1.510 €; 200 € + 20 % of the 510 € above 1.000 € = 302 €.
    expect(lineOf(body, c)).toMatchObject({
      notesCents: 150_000,
      cashlessCents: 1000,
      grossCents: 151_000,
      ownTerms: true,
      terms: { rentalType: { value: 'mixed', from: 'location' }, incomeLimitCents: { value: 100_000, from: 'location' } },
      basisCents: 151_000,
      fixedCents: 20_000,
      limitCents: 100_000,
      percentCents: 10_200,
      rentCents: 30_200,
    });
    expect(body.totals).toMatchObject({ grossCents: 7400 + 20_000 + 151_000, rentCents: 30_000 + 2500 + 30_200 });
  });

  it('November: the contract ends on the 15th: 15 of 30 days, the revenue after it counts for no rent', async () => {
    const body = await statement(l1, '2025-11');
    // A: 30 € by the 15th, 20 € after; 300 € × 15 ÷ 30 = 150 €.
    expect(lineOf(body, a)).toMatchObject({
      grossCents: 5000,
      contractFrom: '2025-11-01',
      contractTo: '2025-11-15',
      contractDays: 15,
      basisCents: 3000,
      fixedCents: 15_000,
      rentCents: 15_000,
    });
    // B: 40 € by the 15th (30 € card after it): 12,5 % of 40 € = 5 €.
    expect(lineOf(body, b)).toMatchObject({ grossCents: 7000, contractDays: 15, basisCents: 4000, rentCents: 500 });
    // C: 1.000 € by the 15th, 100 € after; 100 € + 20 % of (1.000 € − 500 €, the limit halved) = 200 €.
    expect(lineOf(body, c)).toMatchObject({
      grossCents: 110_000,
      basisCents: 100_000,
      fixedCents: 10_000,
      limitCents: 50_000,
      percentCents: 10_000,
      rentCents: 20_000,
    });
    expect(body.totals).toMatchObject({ grossCents: 5000 + 7000 + 110_000, rentCents: 15_000 + 500 + 20_000 });
    // December: after the contract, nothing is owed.
    const december = await statement(l1, '2025-12');
    expect(december.totals.rentCents).toBe(0);
    expect(december.lines.every((l) => l.contractDays === 0 && l.contractFrom === null)).toBe(true);
  });

  it('a contract that starts mid-month, and the running month counted to today', async () => {
    // F: from 20 October, 12 of 31 days of 310 € = 120 €, no revenue.
    const october = await statement(l2, '2025-10');
    expect(lineOf(october, f)).toMatchObject({
      grossCents: 0,
      contractFrom: '2025-10-20',
      contractTo: '2025-10-31',
      contractDays: 12,
      fixedCents: 12_000,
      rentCents: 12_000,
    });
    const today = businessDate();
    const month = today.slice(0, 7);
    const running = await statement(l2, month);
    const days = Number(today.slice(8, 10));
    const inMonth = daysBetween(`${month}-01`, monthEnd(today));
    expect(running).toMatchObject({ running: true, countedTo: today, daysInMonth: inMonth });
    expect(lineOf(running, f)).toMatchObject({ contractTo: today, contractDays: days, rentCents: Math.round((31_000 * days) / inMonth) });
    const future = await statement(l2, '2999-12');
    expect(future).toMatchObject({ countedTo: null, running: false, totals: { rentCents: 0 } });
  });

  it('gives the finance report’s figures for the month, line by line', async () => {
    for (const [lessor, month] of [
      [l1, '2025-10'],
      [l1, '2025-11'],
      [l2, '2025-10'],
      [l3, '2025-11'],
    ] as const) {
      const body = await statement(lessor, month);
      const from = `${month}-01`;
      const report = await t.json<FinanceReport>('manager', {
        url: `/api/v2/finance-report?subject=location&lessor=${lessor['@id']}&from=${from}&to=${monthEnd(from)}&period=month&itemsPerPage=100`,
      });
      expect(report.status).toBe(200);
      for (const line of body.lines) {
        const row = report.body.rows.find((r) => r.subject === line.location);
        const figures = [
          'coinsCents',
          'notesCents',
          'cashlessCents',
          'cardCents',
          'tokens',
          'tokensCents',
          'grossCents',
          'rentCents',
        ] as const;
        for (const figure of figures) expect(line[figure], `${month} ${line.name} ${figure}`).toBe(row?.[figure] ?? 0);
      }
      expect(report.body.rows.every((r) => body.lines.some((l) => l.location === r.subject))).toBe(true);
      expect(body.totals.grossCents).toBe(report.body.totals.grossCents);
      expect(body.totals.rentCents).toBe(report.body.totals.rentCents);
    }
    // The half cent goes to the even cent in both.
    expect(lineOf(await statement(l3, '2025-11'), g)).toMatchObject({ contractDays: 15, fixedCents: 5000, rentCents: 5000 });
  });

  it('rounds a half cent to the even cent, as the finance report does', () => {
    expect([roundCents(5000.5), roundCents(5001.5), roundCents(10.49), roundCents(10.51), roundCents(0)]).toEqual([5000, 5002, 10, 11, 0]);
  });

  it('is for roles with finance.read, in their companies only; a bad month is a 400 in the user’s language', async () => {
    const url = `/api/v2/lessors/${l1.id}/statement?month=2025-10`;
    for (const [user, status] of [
      ['admin', 200],
      ['manager', 200],
      ['accountant', 200],
      ['worker', 403],
      ['otherManager', 404],
      [null, 401],
    ] as const)
      expect((await t.as(user, { url })).statusCode, String(user)).toBe(status);
    // Another company's lessor is not found for this company's manager either.
    const theirs = await firstOf<Lessor>(t, '/api/v2/lessors?itemsPerPage=1', 'otherManager');
    expect((await t.as('manager', { url: `/api/v2/lessors/${theirs.id}/statement?month=2025-10` })).statusCode).toBe(404);
    expect((await t.as('otherManager', { url: `/api/v2/lessors/${theirs.id}/statement?month=2025-10` })).statusCode).toBe(200);
    expect((await t.as('manager', { url: '/api/v2/lessors/999999/statement?month=2025-10' })).statusCode).toBe(404);
    // A malformed id names nothing, as everywhere (dialect.test.ts).
    expect((await t.as('manager', { url: '/api/v2/lessors/abc/statement?month=2025-10' })).statusCode).toBe(404);
    for (const month of ['2025-13', '2025-1', '25-10', 'abc', '2025-10-01', '0999-01', ''])
      expect((await t.as('manager', { url: `/api/v2/lessors/${l1.id}/statement?month=${month}` })).statusCode, month).toBe(400);
    expect((await t.as('manager', { url: `/api/v2/lessors/${l1.id}/statement` })).statusCode).toBe(400);
    expect((await t.as('manager', { url: `/api/v2/lessors/${l1.id}/statement?month=2025-10&from=x` })).statusCode).toBe(400);
    const hr = await t.json<{ message: string; violations: { propertyPath: string }[] }>('manager', {
      url: `/api/v2/lessors/${l1.id}/statement?month=2025-13`,
      headers: { 'accept-language': 'hr' },
    });
    expect(hr.status).toBe(400);
    expect(hr.body.violations[0]?.propertyPath).toBe('month');
    expect(hr.body.message).toBe('Parametar upita "month" nije ispravan. Vrijednost nije u ispravnom obliku.');
  });
});
