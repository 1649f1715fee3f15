import { type DashboardFigures, dashboardFigures as dashboardFiguresSchema } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../http/context.ts';
import { testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, createLocation, firstOf, sendEvents, standsSince } from '../../testing/fixtures.ts';
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

describe('dashboard figures (domain.md §8)', () => {
  const euro = (n: number) => ({ type: 'coin' as const, valueCents: 100, count: n });
  // Wednesday 18 November 2026, 14:30 in Zagreb (CET).
  const now = new Date('2026-11-18T13:30:00Z');
  const ctx = { listed: [1], visible: [1] } as unknown as RequestContext;

  it('indexes compare each period to date with the same span before, cut at the same time of day', async () => {
    const { device, logger } = await createDeviceWithLogger(t, {
      location: (await firstOf<{ '@id': string }>(t, '/api/v2/locations?name=Arena'))['@id'],
    });
    await standsSince(t, [device], new Date('2025-01-01T00:00:00Z'));
    const events = [
      ['2025-11-03T10:00:00Z', 7], // last year, in November to the 18th
      ['2025-11-19T11:00:00Z', 2], // 52 weeks before today (Wednesday), before 14:30
      ['2026-10-05T10:00:00Z', 7], // last month, before the 18th
      ['2026-10-18T19:00:00Z', 50], // last month's 18th, after 14:30: outside the span
      ['2026-11-10T10:00:00Z', 3], // last week, Tuesday
      ['2026-11-11T08:00:00Z', 4], // a week ago, 09:00
      ['2026-11-11T14:00:00Z', 10], // a week ago, 15:00: after the time it is now
      ['2026-11-16T10:00:00Z', 6], // this Monday
      ['2026-11-18T09:00:00Z', 5], // today
      ['2026-11-18T12:00:00Z', 3],
    ] as const;
    await sendEvents(
      t,
      logger,
      events.map(([at, n], i) => ({ seq: i + 1, at, ...euro(n) })),
    );
    const figures = await dashboardFigures(t.db, ctx, now);
    expect(figures.today).toBe('2026-11-18');
    expect(figures.indexes.daily).toEqual({ currentCents: 800, comparisonCents: 400, index: 200, recordedFrom: null });
    expect(figures.indexes.dailyLastYear).toEqual({ currentCents: 800, comparisonCents: 200, index: 400, recordedFrom: null });
    expect(figures.indexes.weekly).toEqual({ currentCents: 1400, comparisonCents: 700, index: 200, recordedFrom: null });
    // November to date: 3 + 4 + 10 + 6 + 8 €; October to the 18th at 14:30: 7 €.
    expect(figures.indexes.monthly).toEqual({ currentCents: 3100, comparisonCents: 700, index: 442.86, recordedFrom: null });
    // Revenue was first recorded on 3 November 2025: last year's November and last year to date hold
    // part of their span only, and say from when.
    expect(figures.indexes.monthlyLastYear).toEqual({
      currentCents: 3100,
      comparisonCents: 700,
      index: 442.86,
      recordedFrom: '2025-11-03',
    });
    expect(figures.indexes.yearly).toEqual({ currentCents: 8800, comparisonCents: 700, index: 1257.14, recordedFrom: '2025-11-03' });
    expect(figures.thisMonthCents).toBe(3100);
    expect(figures.lastMonthCents).toBe(5700);
    expect(figures.traffic30).toHaveLength(30);
    expect(figures.traffic30.at(-1)).toEqual({ day: '2026-11-18', revenueCents: 800 });
    expect(figures.traffic365).toHaveLength(365);
    // 19 November 2025 to today: this year's 88 € and the 2 € of 19 November 2025.
    expect(figures.traffic365.reduce((s, d) => s + d.revenueCents, 0)).toBe(9000);
    expect(figures.devices.total).toBe(61);
    // Another company's view holds none of it.
    const other = await dashboardFigures(t.db, { listed: [2], visible: [2] } as unknown as RequestContext, now);
    expect(other.indexes.daily).toEqual({ currentCents: 0, comparisonCents: 0, index: null, recordedFrom: null });
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
