import { describe, expect, it } from 'vitest';
import { isIsoDay, monthName, parseDay, weekdayName } from './day.ts';

describe('parseDay', () => {
  it('reads dd.MM.yyyy as people type it', () => {
    expect(parseDay('31.12.2026')).toBe('2026-12-31');
    expect(parseDay('1.3.2026.')).toBe('2026-03-01');
    expect(parseDay(' 05. 06. 2026 ')).toBe('2026-06-05');
  });
  it('refuses what is not a date', () => {
    expect(parseDay('30.02.2026')).toBeNull();
    expect(parseDay('2026-12-31')).toBeNull();
    expect(parseDay('')).toBeNull();
  });
});

describe('isIsoDay', () => {
  it('takes a real yyyy-MM-dd day and nothing else', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('28.02.2026')).toBe(false);
    expect(isIsoDay(20260228)).toBe(false);
    expect(isIsoDay(undefined)).toBe(false);
  });
});

describe('monthName', () => {
  it('names every month as Intl.DateTimeFormat does for hr-HR and en-GB, long and short, with its year', () => {
    for (const [language, locale] of [
      ['hr', 'hr-HR'],
      ['en', 'en-GB'],
    ] as const) {
      for (const form of ['long', 'short'] as const) {
        const intl = new Intl.DateTimeFormat(locale, { month: form, year: 'numeric', timeZone: 'UTC' });
        for (let month = 1; month <= 12; month++) {
          const day = `2026-${String(month).padStart(2, '0')}-14`;
          expect(monthName(day, language, form)).toBe(intl.format(new Date(`${day}T12:00:00Z`)));
        }
      }
    }
    expect(monthName('2026-05', 'hr', 'long')).toBe('svibanj 2026.');
    expect(monthName('2026-05-01', 'en', 'short')).toBe('May 2026');
  });
});

describe('weekdayName', () => {
  it('names every weekday as Intl.DateTimeFormat does for hr-HR and en-GB', () => {
    for (const [language, locale] of [
      ['hr', 'hr-HR'],
      ['en', 'en-GB'],
    ] as const) {
      const intl = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
      for (let d = 22; d <= 28; d++) expect(weekdayName(`2026-11-${d}`, language)).toBe(intl.format(new Date(`2026-11-${d}T12:00:00Z`)));
    }
    expect(weekdayName('2026-11-23', 'hr')).toBe('pon');
  });
});
