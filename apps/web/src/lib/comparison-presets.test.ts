import { describe, expect, it } from 'vitest';
import { comparisonKept, comparisonOf, monthsBefore, presetOf } from './comparison-presets.ts';

describe('comparison presets', () => {
  it('moves a day by months, clipped to the shorter month', () => {
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2026-01-15', 1)).toBe('2025-12-15');
    expect(monthsBefore('2024-02-29', 12)).toBe('2023-02-28');
    expect(monthsBefore('2026-05-14', 0)).toBe('2026-05-14');
  });

  it('compares with a month or a year earlier, or with as many days just before', () => {
    const range = { from: '2026-05-01', to: '2026-05-14' };
    expect(comparisonOf('previousMonth', range)).toEqual({ from: '2026-04-01', to: '2026-04-14' });
    expect(comparisonOf('previousYear', range)).toEqual({ from: '2025-05-01', to: '2025-05-14' });
    expect(comparisonOf('previousPeriod', range)).toEqual({ from: '2026-04-17', to: '2026-04-30' });
    // Across the spring clock change the days are still whole days.
    expect(comparisonOf('previousPeriod', { from: '2026-03-30', to: '2026-04-05' })).toEqual({ from: '2026-03-23', to: '2026-03-29' });
  });

  it('tells which preset a comparison is', () => {
    const range = { from: '2026-05-01', to: '2026-05-14' };
    expect(presetOf(range, { from: '2026-04-01', to: '2026-04-14' })).toBe('previousMonth');
    expect(presetOf(range, { from: '2025-05-01', to: '2025-05-14' })).toBe('previousYear');
    expect(presetOf(range, { from: '2026-04-17', to: '2026-04-30' })).toBe('previousPeriod');
    expect(presetOf(range, { from: '2026-04-02', to: '2026-04-14' })).toBe('custom');
  });

  it('keeps the way a range is compared when the range changes, and days picked by hand', () => {
    const range = { from: '2026-05-01', to: '2026-05-14' };
    const next = { from: '2026-03-01', to: '2026-03-31' };
    expect(comparisonKept(range, { from: '2025-05-01', to: '2025-05-14' }, next)).toEqual({ from: '2025-03-01', to: '2025-03-31' });
    expect(comparisonKept(range, { from: '2026-04-17', to: '2026-04-30' }, next)).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(comparisonKept(range, { from: '2026-04-02', to: '2026-04-14' }, next)).toEqual({ from: '2026-04-02', to: '2026-04-14' });
  });
});
