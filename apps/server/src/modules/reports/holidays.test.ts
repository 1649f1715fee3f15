import { describe, expect, it } from 'vitest';
import { easterSunday, isPublicHoliday, publicHolidays } from './holidays.ts';

describe('Croatian public holidays', () => {
  it.each([
    [1818, '1818-03-22'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('Easter Sunday %i is %s', (year, day) => expect(easterSunday(year)).toBe(day));

  it('lists the fourteen days of 2026 in date order', () => {
    expect(publicHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-01-06',
      '2026-04-05',
      '2026-04-06',
      '2026-05-01',
      '2026-05-30',
      '2026-06-04',
      '2026-06-22',
      '2026-08-05',
      '2026-08-15',
      '2026-11-01',
      '2026-11-18',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('counts Corpus Christi once when it falls on Statehood Day (2024)', () => {
    expect(publicHolidays(2024)).toHaveLength(13);
    expect(publicHolidays(2024)).toContain('2024-05-30');
    expect(publicHolidays(2025)).toContain('2025-06-19');
  });

  it('follows the law in force since 2020 and keeps short years as they are', () => {
    expect(isPublicHoliday('2026-11-18')).toBe(true);
    expect(isPublicHoliday('2026-05-30')).toBe(true);
    expect(isPublicHoliday('2026-10-08')).toBe(false); // Independence Day, a holiday until 2019
    expect(isPublicHoliday('2026-06-25')).toBe(false); // Statehood Day until 2019
    expect(isPublicHoliday('2027-03-29')).toBe(true); // Easter Monday
    expect(publicHolidays(50)[0]).toBe('0050-01-01');
  });
});
