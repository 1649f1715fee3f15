import { describe, expect, it } from 'vitest';
import { daysInRange } from '../../lib/day.ts';
import { companiesDailyRevenueSearch, defaultDailyRange, isRangeTooLong } from './companies-daily-revenue-search.ts';

describe('companies daily revenue search', () => {
  it('keeps real days and drops anything else', () => {
    expect(companiesDailyRevenueSearch({ from: '2026-02-01', to: '2026-02-30', location: '/api/v2/locations/3' })).toEqual({
      from: '2026-02-01',
    });
    expect(companiesDailyRevenueSearch({ from: '2026-02-01', to: '2026-02-14' })).toEqual({ from: '2026-02-01', to: '2026-02-14' });
    expect(companiesDailyRevenueSearch({ page: 2 })).toEqual({});
  });

  it('defaults to the last 14 days up to today, across months and years', () => {
    expect(defaultDailyRange('2026-05-14')).toEqual({ from: '2026-05-01', to: '2026-05-14' });
    expect(defaultDailyRange('2026-01-05')).toEqual({ from: '2025-12-23', to: '2026-01-05' });
    expect(daysInRange('2025-12-23', '2026-01-05')).toBe(14);
  });

  it('counts the days of a range, a year at most', () => {
    expect(daysInRange('2026-05-14', '2026-05-14')).toBe(1);
    expect(daysInRange('2026-05-14', '2026-05-13')).toBe(0);
    // Summer time ends in between: still whole days.
    expect(daysInRange('2026-10-24', '2026-10-26')).toBe(3);
    expect(isRangeTooLong('2024-01-01', '2024-12-31')).toBe(false);
    expect(isRangeTooLong('2024-01-01', '2025-01-01')).toBe(true);
  });
});
