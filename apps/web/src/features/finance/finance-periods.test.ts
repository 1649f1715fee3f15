import { describe, expect, it } from 'vitest';
import { isSinglePeriod, periodLabel, periodTick } from './finance-periods.ts';

describe('finance report periods', () => {
  it('names a day, a week and a range by their days', () => {
    expect(periodLabel('day', '2026-05-14', '2026-05-14', 'en')).toBe('14.05.2026');
    expect(periodLabel('week', '2026-05-04', '2026-05-10', 'hr')).toBe('04.05.2026 – 10.05.2026');
    expect(periodLabel('range', '2026-05-01', '2026-05-14', 'en')).toBe('01.05.2026 – 14.05.2026');
  });

  it('names a whole month in the language of the user, a month cut by the range by its days', () => {
    expect(periodLabel('month', '2026-05-01', '2026-05-31', 'en')).toBe('May 2026');
    expect(periodLabel('month', '2026-05-01', '2026-05-31', 'hr')).toBe('svibanj 2026.');
    expect(periodLabel('month', '2024-02-01', '2024-02-29', 'en')).toBe('February 2024');
    expect(periodLabel('month', '2026-05-01', '2026-05-14', 'en')).toBe('01.05.2026 – 14.05.2026');
  });

  it('names a whole year by its number, a year cut by the range by its days', () => {
    expect(periodLabel('year', '2025-01-01', '2025-12-31', 'en')).toBe('2025');
    expect(periodLabel('year', '2026-01-01', '2026-05-14', 'hr')).toBe('01.01.2026 – 14.05.2026');
  });

  it('marks the chart axis briefly', () => {
    expect(periodTick('day', '2026-05-14', 'en')).toBe('14.05.');
    expect(periodTick('week', '2026-05-04', 'en')).toBe('04.05.');
    expect(periodTick('month', '2026-05-01', 'en')).toBe('May 2026');
    expect(periodTick('month', '2026-05-14', 'hr')).toBe('svi 2026.');
    expect(periodTick('year', '2026-01-01', 'en')).toBe('2026');
  });

  it('knows a range that is one period of its kind', () => {
    expect(isSinglePeriod('range', '2025-01-01', '2026-05-14')).toBe(true);
    expect(isSinglePeriod('month', '2026-05-01', '2026-05-14')).toBe(true);
    expect(isSinglePeriod('month', '2026-04-30', '2026-05-14')).toBe(false);
    expect(isSinglePeriod('year', '2026-01-01', '2026-12-31')).toBe(true);
    expect(isSinglePeriod('year', '2025-12-31', '2026-01-01')).toBe(false);
    expect(isSinglePeriod('day', '2026-05-14', '2026-05-14')).toBe(true);
    expect(isSinglePeriod('day', '2026-05-14', '2026-05-15')).toBe(false);
    // 11.05.2026 is a Monday, 17.05. a Sunday.
    expect(isSinglePeriod('week', '2026-05-11', '2026-05-17')).toBe(true);
    expect(isSinglePeriod('week', '2026-05-10', '2026-05-11')).toBe(false);
  });
});
