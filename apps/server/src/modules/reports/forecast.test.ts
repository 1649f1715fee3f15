import { afterAll, describe, expect, it } from 'vitest';
import { demoDailyTurnover } from '../../demo/history.ts';
import { seedDemo } from '../../demo/seed.ts';
import { FiscalKeys } from '../../fiscal/keys.ts';
import { freshDatabase } from '../../testing/database.ts';
import { random } from '../telemetry/telemetry.service.ts';
import { backtest, type DailyPoint, forecast } from './forecast.ts';
import { isPublicHoliday } from './holidays.ts';

const DAY_MS = 86_400_000;
const dayAfter = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** Monday 0 … Sunday 6. */
const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
/** A daily series from `first`, `length` days long, valued by `value(day, index)`. */
const series = (first: string, length: number, value: (day: string, i: number) => number): DailyPoint[] =>
  Array.from({ length }, (_, i) => {
    const day = dayAfter(first, i);
    return { day, valueCents: Math.round(value(day, i)) };
  });
const WEEK = [1, 1, 0.9, 1, 1.2, 1.6, 1.5];

describe('forecast', () => {
  it('forecasts the days after the last one, however the history is ordered', () => {
    const history = series('2026-01-01', 90, (day) => 10_000 * (WEEK[weekdayOf(day)] ?? 1)).reverse();
    const points = forecast(history, 10);
    expect(points.map((p) => p.day)).toEqual(Array.from({ length: 10 }, (_, i) => dayAfter('2026-03-31', i + 1)));
    expect(forecast(history)).toHaveLength(30);
    expect(forecast([], 30)).toEqual([]);
    // Across a year's end and the change to summer time.
    expect(
      forecast(
        series('2025-12-01', 31, () => 100),
        2,
      ).map((p) => p.day),
    ).toEqual(['2026-01-01', '2026-01-02']);
    expect(
      forecast(
        series('2026-01-01', 87, () => 100),
        3,
      ).map((p) => p.day),
    ).toEqual(['2026-03-29', '2026-03-30', '2026-03-31']);
  });

  it('learns a pure weekly pattern exactly, and no holiday effect where there is none', () => {
    const history = series('2026-02-02', 120, (day) => 20_000 * (WEEK[weekdayOf(day)] ?? 1));
    const points = forecast(history, 14);
    expect(points.some((p) => isPublicHoliday(p.day))).toBe(true); // 4 June 2026, Corpus Christi
    for (const p of points) expect(Math.abs(p.valueCents - 20_000 * (WEEK[weekdayOf(p.day)] ?? 1))).toBeLessThanOrEqual(1);
  });

  it('learns that holidays are quieter and forecasts the dip', () => {
    // Two years of a weekly pattern with holidays at 40 % and a little noise.
    const rnd = random(5);
    const history = series(
      '2024-12-01',
      740,
      (day) => 30_000 * (WEEK[weekdayOf(day)] ?? 1) * (isPublicHoliday(day) ? 0.4 : 1) * (0.95 + 0.1 * rnd()),
    );
    const last = history.at(-1)?.day;
    expect(last).toBe('2026-12-10');
    const points = forecast(history, 30);
    const christmas = points.find((p) => p.day === '2026-12-25'); // a Friday
    const fridays = points.filter((p) => weekdayOf(p.day) === 4 && !isPublicHoliday(p.day));
    expect(christmas).toBeDefined();
    expect(fridays.length).toBeGreaterThan(2);
    for (const friday of fridays) expect(christmas?.valueCents ?? 0).toBeLessThan(0.6 * friday.valueCents);
  });

  it('never goes below zero, and the interval holds the point', () => {
    const rnd = random(11);
    // Steeply falling, noisy, with a few storno-only days below zero.
    const history = series('2026-01-01', 200, (_, i) => Math.max(-500, 50_000 - 260 * i) * (0.5 + rnd()) - (i % 37 === 0 ? 3_000 : 0));
    const points = forecast(history, 30);
    for (const p of points) {
      expect(p.lowCents).toBeGreaterThanOrEqual(0);
      expect(p.lowCents).toBeLessThanOrEqual(p.valueCents);
      expect(p.highCents).toBeGreaterThanOrEqual(p.valueCents);
    }
    const noisy = forecast(
      series('2026-01-01', 200, (day) => 10_000 * (WEEK[weekdayOf(day)] ?? 1) * (0.7 + 0.6 * rnd())),
      30,
    );
    for (const p of noisy) expect(p.lowCents < p.valueCents && p.valueCents < p.highCents).toBe(true);
  });

  it('expects nothing, never "not a number", after a single payment and weeks of nothing', () => {
    for (const length of [28, 30, 55]) {
      const history = series('2026-09-24', length, (_, i) => (i === 0 ? 500 : 0));
      for (const p of forecast(history, 30)) expect([p.valueCents, p.lowCents, p.highCents].every(Number.isFinite)).toBe(true);
    }
  });

  it('counts missing days as days without turnover', () => {
    // Closed on Sundays: those days are simply not in the history.
    const history = series('2026-03-02', 140, (day) => 8_000 * (WEEK[weekdayOf(day)] ?? 1)).filter((p) => weekdayOf(p.day) !== 6);
    const points = forecast(history, 14);
    for (const p of points) {
      if (weekdayOf(p.day) === 6) expect(p).toMatchObject({ valueCents: 0, lowCents: 0, highCents: 0 });
      else expect(p.valueCents).toBeGreaterThan(7_000);
    }
    // The forecast starts after the last day given: a Saturday here.
    expect(weekdayOf(history.at(-1)?.day ?? '')).toBe(5);
    expect(points[0]?.day).toBe(dayAfter(history.at(-1)?.day ?? '', 1));
  });
});

describe('backtest', () => {
  it('reports its origins and horizon, and NaN when the history is too short for any', () => {
    const history = series('2026-01-01', 200, (day, i) => 10_000 * (WEEK[weekdayOf(day)] ?? 1) * (1 + 0.1 * Math.sin(i)));
    expect(backtest(history)).toMatchObject({ origins: 8, horizon: 30 });
    expect(backtest(history, { weeks: 3, horizon: 14 })).toMatchObject({ origins: 3, horizon: 14 });
    expect(backtest(history.slice(0, 60))).toMatchObject({ origins: 1 });
    expect(backtest(history.slice(0, 40)).model).toBeNaN();
  });
});

// The demo's own fleet (seeded as `npm start` seeds it), its history simulated in memory.
const database = await freshDatabase();
await seedDemo(database.db, new FiscalKeys('forecast-test-secret-0123456789abcdef'));
afterAll(() => database.dispose());
const dailyTurnover = (from: Date, to: Date) => demoDailyTurnover(database.db, { from, now: to });

describe("on the demo fleet's history", () => {
  // The demo's history runs from FLEET_SINCE, the first of the month before "now" a year earlier at
  // 08:00 UTC, with seed 2026: the first case is the demo seeded on 25 November 2026, up to the end of
  // the day before. The second is the hardest "now" of a sweep over a year: its first origins have no
  // last year yet.
  it.each([
    ['seeded on 25 November 2026', Date.UTC(2025, 9, 1, 8), Date.UTC(2026, 10, 24, 23)],
    ['seeded on 1 March 2026', Date.UTC(2025, 1, 1, 8), Date.UTC(2026, 1, 28, 23)],
  ])("has a MASE at most 0.85 × the better naive one's when %s", async (_, from, to) => {
    const result = backtest(await dailyTurnover(new Date(from), new Date(to)));
    expect(result.origins).toBe(8);
    expect(result.model).toBeLessThanOrEqual(0.85 * Math.min(result.naive, result.seasonalNaive));
  });
});
