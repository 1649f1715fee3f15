import { type DashboardFigures, dashboardFigures as dashboardFiguresSchema } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../core/context.ts';
import { testApp } from '../../testing/app.ts';
import {
  createCompany,
  createDevice,
  createDeviceWithLogger,
  createLocation,
  createLogger,
  sendEvents,
  standsSince,
} from '../../testing/fixtures.ts';
import { dashboardFigures } from './dashboard.figures.ts';

const t = await testApp();

describe('dashboard summary', () => {
  it('counts what the caller’s view holds (the demo fleet)', async () => {
    const mine = await t.json('manager', { url: '/api/v2/dashboard/summary' });
    expect(mine.body).toMatchObject({ companies: 1, users: 4, activeUsers: 4, locations: 20, devices: 60 });
    const wide = await t.json('manager', { url: '/api/v2/dashboard/summary', headers: { 'x-kovanica-view': 'all' } });
    expect(wide.body).toMatchObject({ companies: 2, users: 4, locations: 22, devices: 65 });
    const admin = await t.json('admin', { url: '/api/v2/dashboard/summary', headers: { 'x-kovanica-view': 'all' } });
    expect(admin.body).toMatchObject({ companies: 3, users: 5, locations: 24, devices: 69 });
    const other = await t.json('otherManager', { url: '/api/v2/dashboard/summary', headers: { 'x-kovanica-view': 'all' } });
    expect(other.body).toMatchObject({ companies: 1, users: 1, locations: 2, devices: 4 });
  });
});

describe('dashboard figures (docs/rules.md "Money reports")', () => {
  const euro = (n: number) => ({ type: 'coin' as const, valueCents: 100, count: n });
  // Wednesday 18 November 2026, 14:30 in Zagreb (CET).
  const now = new Date('2026-11-18T13:30:00Z');
  const ctx = { listed: [1], visible: [1] } as unknown as RequestContext;
  const viewOf = (company: number) => ({ listed: [company], visible: [company] }) as unknown as RequestContext;

  /**
   * A company of its own with one device (each test's first recorded day is its own): its id and a
   * sender of payments, `[at, euros]` each as that many 1 € coins a second apart (separate payments).
   */
  async function ownFleet() {
    const company = await createCompany(t, { activeModules: ['devices', 'finance'] });
    const location = await createLocation(t, { company: company['@id'], fiscalization: false }, 'admin');
    const logger = await createLogger(t, { company: company['@id'] }, 'admin');
    const device = await createDevice(
      t,
      { company: company['@id'], location: location['@id'], logger: logger['@id'], playPriceCents: 100 },
      'admin',
    );
    await standsSince(t, [device], new Date('2024-01-01T00:00:00Z'));
    let seq = 0;
    const pay = (payments: readonly (readonly [string, number])[]) =>
      sendEvents(
        t,
        logger,
        payments.flatMap(([at, n]) =>
          Array.from({ length: n }, (_, i) => ({ seq: ++seq, at: new Date(Date.parse(at) + i * 1000).toISOString(), ...euro(1) })),
        ),
      );
    return { company: Number(company['@id'].split('/').pop()), pay };
  }

  it('compares each period to date with the same span before, cut at the same time of day; traffic is whole days', async () => {
    const { company, pay } = await ownFleet();
    await pay([
      ['2024-12-20T10:00:00Z', 1], // recorded since before last year: no span is cut
      ['2025-03-10T10:00:00Z', 20], // last year to date
      ['2025-11-05T10:00:00Z', 10], // the same month last year, before the 18th
      ['2025-11-19T08:00:00Z', 12], // 52 weeks before today (Wednesday), 09:00: before 14:30
      ['2025-11-19T15:00:00Z', 5], // the same day, 16:00: after the time it is now
      ['2026-10-05T10:00:00Z', 7], // last month, before the 18th
      ['2026-10-18T19:00:00Z', 50], // last month's 18th, after 14:30: outside the span
      ['2026-11-10T10:00:00Z', 3], // last week, Tuesday
      ['2026-11-11T08:00:00Z', 11], // a week ago, 09:00
      ['2026-11-11T14:00:00Z', 10], // a week ago, 15:00: after the time it is now
      ['2026-11-16T10:00:00Z', 6], // this Monday
      ['2026-11-18T09:00:00Z', 5], // today
      ['2026-11-18T12:00:00Z', 3],
    ]);
    const figures = await dashboardFigures(t.db, viewOf(company), now);
    expect(figures.today).toBe('2026-11-18');
    const spans = (from: string, comparisonFrom: string, comparisonTo: string) => ({
      from,
      comparisonFrom,
      comparisonTo,
      noIndex: null,
      recordedFrom: null,
    });
    expect(figures.indexes).toEqual({
      daily: { currentCents: 800, comparisonCents: 1100, index: 72.73, ...spans('2026-11-18', '2026-11-11', '2026-11-11') },
      dailyLastYear: { currentCents: 800, comparisonCents: 1200, index: 66.67, ...spans('2026-11-18', '2025-11-19', '2025-11-19') },
      // 6 + 8 € this week; last Tuesday's 3 € and Wednesday's 11 € to 14:30.
      weekly: { currentCents: 1400, comparisonCents: 1400, index: 100, ...spans('2026-11-16', '2026-11-09', '2026-11-11') },
      weeklyLastYear: { currentCents: 1400, comparisonCents: 1200, index: 116.67, ...spans('2026-11-16', '2025-11-17', '2025-11-19') },
      // November to date: 3 + 21 + 6 + 8 €; October to the 18th at 14:30: 7 €.
      monthly: { currentCents: 3800, comparisonCents: 700, index: 542.86, ...spans('2026-11-01', '2026-10-01', '2026-10-18') },
      monthlyLastYear: { currentCents: 3800, comparisonCents: 1000, index: 380, ...spans('2026-11-01', '2025-11-01', '2025-11-18') },
      // 7 + 50 + 38 € this year; 20 + 10 € last year to 18 November, 14:30.
      yearly: { currentCents: 9500, comparisonCents: 3000, index: 316.67, ...spans('2026-01-01', '2025-01-01', '2025-11-18') },
    });
    expect(figures.thisMonthCents).toBe(3800);
    expect(figures.lastMonthCents).toBe(5700);
    // Whole days only, yesterday last: today's unfinished 8 € are in the indexes, not in the traffic.
    expect(figures.traffic30).toHaveLength(30);
    expect(figures.traffic30[0]?.day).toBe('2026-10-19');
    expect(figures.traffic30.at(-1)).toEqual({ day: '2026-11-17', revenueCents: 0 });
    expect(figures.traffic30.reduce((s, d) => s + d.revenueCents, 0)).toBe(3000);
    expect(figures.traffic365).toHaveLength(365);
    expect(figures.traffic365[0]?.day).toBe('2025-11-18');
    expect(figures.traffic365.at(-1)?.day).toBe('2026-11-17');
    // 19 November 2025 (12 + 5 €), October (7 + 50 €) and November before today (30 €).
    expect(figures.traffic365.reduce((s, d) => s + d.revenueCents, 0)).toBe(10_400);
    // Another company's view holds none of it.
    const other = await dashboardFigures(t.db, ctx, now);
    expect(other.traffic365.reduce((s, d) => s + d.revenueCents, 0)).toBe(0);
  });

  it('compares equal spans when the record starts inside the comparison: 13 months of history, not a year against five weeks', async () => {
    // Revenue recorded from 6 November 2025; Sunday 6 December 2026, 11:00 in Zagreb.
    const { company, pay } = await ownFleet();
    await pay([
      ['2025-11-06T10:00:00Z', 4],
      ['2025-12-01T10:00:00Z', 6],
      ['2025-12-06T09:00:00Z', 2], // a year ago, 10:00: before 11:00
      ['2026-03-01T10:00:00Z', 30], // this year, before the 6 November the record allows comparing from
      ['2026-11-06T10:00:00Z', 5],
      ['2026-12-02T10:00:00Z', 8],
      ['2026-12-06T09:30:00Z', 1], // today
    ]);
    const figures = await dashboardFigures(t.db, viewOf(company), new Date('2026-12-06T10:00:00Z'));
    // Not 44 € (this year from 1 January) against last year's 12 € (366,67 %): 6 November to now
    // against 6 November to the same day and time a year before.
    expect(figures.indexes.yearly).toEqual({
      currentCents: 1400,
      comparisonCents: 1200,
      index: 116.67,
      noIndex: null,
      from: '2026-11-06',
      comparisonFrom: '2025-11-06',
      comparisonTo: '2025-12-06',
      recordedFrom: '2025-11-06',
    });
    // Spans that start on or after the first recorded day are whole.
    expect(figures.indexes.monthlyLastYear).toMatchObject({
      currentCents: 900,
      comparisonCents: 800,
      index: 112.5,
      from: '2026-12-01',
      comparisonFrom: '2025-12-01',
      recordedFrom: null,
    });
  });

  it('cuts every index the same way: a company recorded from the 10th of last month', async () => {
    // Revenue recorded from Tuesday 10 November 2026; Wednesday 18 November 2026, 14:30.
    const { company, pay } = await ownFleet();
    await pay([
      ['2026-11-10T10:00:00Z', 4], // the first recorded day, last week's Tuesday
      ['2026-11-11T08:00:00Z', 10], // a week ago, 09:00
      ['2026-11-17T10:00:00Z', 3], // this week's Tuesday
      ['2026-11-18T09:00:00Z', 6], // today
    ]);
    const figures = await dashboardFigures(t.db, viewOf(company), now);
    // Last week from its Tuesday (the record's first day) against this week from its Tuesday.
    expect(figures.indexes.weekly).toEqual({
      currentCents: 900,
      comparisonCents: 1400,
      index: 64.29,
      noIndex: null,
      from: '2026-11-17',
      comparisonFrom: '2026-11-10',
      comparisonTo: '2026-11-11',
      recordedFrom: '2026-11-10',
    });
    // Last month, last year and last week's same weekday hold nothing recorded: no index, and why.
    for (const key of ['monthly', 'monthlyLastYear', 'yearly', 'dailyLastYear', 'weeklyLastYear'] as const)
      expect(figures.indexes[key], key).toMatchObject({ comparisonCents: 0, index: null, noIndex: 'nothing_compared', recordedFrom: null });
    expect(figures.indexes.daily).toMatchObject({ currentCents: 600, comparisonCents: 1000, index: 60, noIndex: null });
  });

  it('shows no index of a span that is today alone until the day has run an hour and the day compared with holds 10 payments', async () => {
    // New Year's Day 2026 (a Thursday): today is also the month's and the year's first day.
    const { company, pay } = await ownFleet();
    await pay([
      ['2024-12-01T10:00:00Z', 1], // recorded long before: no span is cut
      ['2025-01-01T23:05:00Z', 3], // 2 January 2025, 00:05: 52 weeks before today, 3 payments
      ['2025-11-30T23:05:00Z', 12], // 1 December 2025, 00:05: last month's first day
      ['2025-12-22T10:00:00Z', 4], // last week's Monday
      ['2025-12-24T23:05:00Z', 12], // Christmas Day, 00:05: a week before today
      ['2025-12-30T10:00:00Z', 8], // this week's Tuesday
    ]);
    // 00:11 in Zagreb: 11 minutes of a day with nothing yet would read "100 % less".
    const night = await dashboardFigures(t.db, viewOf(company), new Date('2025-12-31T23:11:00Z'));
    expect(night.today).toBe('2026-01-01');
    expect(night.indexes.daily).toEqual({
      currentCents: 0,
      comparisonCents: 1200,
      index: null,
      noIndex: 'too_early',
      from: '2026-01-01',
      comparisonFrom: '2025-12-25',
      comparisonTo: '2025-12-25',
      recordedFrom: null,
    });
    for (const key of ['dailyLastYear', 'monthly', 'monthlyLastYear', 'yearly'] as const)
      expect(night.indexes[key], key).toMatchObject({ currentCents: 0, index: null, noIndex: 'too_early' });
    expect(night.indexes.monthly.comparisonCents).toBe(1200);
    // The week began on Monday: its span holds whole days, and it has its index.
    expect(night.indexes.weekly).toMatchObject({ currentCents: 800, comparisonCents: 1600, index: 50, noIndex: null });
    expect(night.indexes.weeklyLastYear).toMatchObject({ currentCents: 800, comparisonCents: 300, index: 266.67, noIndex: null });

    await pay([['2025-12-31T23:20:00Z', 2]]); // today, 00:20
    // 01:30: the day has run an hour; the comparisons with 10 payments by 01:30 have their index.
    const later = await dashboardFigures(t.db, viewOf(company), new Date('2026-01-01T00:30:00Z'));
    expect(later.indexes.daily).toMatchObject({ currentCents: 200, comparisonCents: 1200, index: 16.67, noIndex: null });
    expect(later.indexes.monthly).toMatchObject({ currentCents: 200, comparisonCents: 1200, index: 16.67, noIndex: null });
    // 3 payments are too few to compare with.
    expect(later.indexes.dailyLastYear).toMatchObject({ currentCents: 200, comparisonCents: 300, index: null, noIndex: 'too_early' });
    // 1 January 2025 earned nothing by 01:30.
    expect(later.indexes.yearly).toMatchObject({ currentCents: 200, comparisonCents: 0, index: null, noIndex: 'nothing_compared' });
    expect(later.indexes.monthlyLastYear).toMatchObject({ comparisonCents: 0, noIndex: 'nothing_compared' });
  });

  it('gives a sound forecast (or none) when the history is thin: one coin 30 days ago', async () => {
    const place = await createLocation(t, { fiscalization: false }, 'otherManager');
    const { device, logger } = await createDeviceWithLogger(t, { location: place['@id'] }, 'otherManager');
    await standsSince(t, [device], new Date('2025-01-01T00:00:00Z'));
    // A day after the first test's: the forecast is made once per view and day, and that one saw no history.
    const later = new Date(now.getTime() + 86_400_000);
    const at = new Date(later.getTime() - 30 * 86_400_000).toISOString();
    await sendEvents(t, logger, [{ seq: 1, at, ...euro(5) }]);
    const company = Number(device.company.split('/').pop());
    const thin = await dashboardFigures(t.db, { listed: [company], visible: [company] } as unknown as RequestContext, later);
    expect(thin.traffic365.reduce((sum, d) => sum + d.revenueCents, 0)).toBe(500);
    expect(thin.forecast.points).toHaveLength(30);
    expect(() => dashboardFiguresSchema.parse(thin)).not.toThrow();
    for (const p of thin.forecast.points) expect([p.valueCents, p.lowCents, p.highCents].every(Number.isFinite)).toBe(true);
  });

  it('is for those who read revenue', async () => {
    expect((await t.as('worker', { url: '/api/v2/dashboard/figures' })).statusCode).toBe(403);
    const res = await t.json<DashboardFigures>('accountant', { url: '/api/v2/dashboard/figures' });
    expect(res.status).toBe(200);
    expect(res.body.traffic365).toHaveLength(365);
  });
});
