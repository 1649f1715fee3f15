import { describe, expect, it } from 'vitest';
import { addDays, businessDate, formatCount, formatDate, formatDateTime, formatMoney, formatTime } from './format.ts';

describe('formatMoney', () => {
  it.each([
    [123456, '1.234,56 €'],
    [0, '0,00 €'],
    [5, '0,05 €'],
    [100, '1,00 €'],
    [123456789, '1.234.567,89 €'],
    [-250, '-2,50 €'],
    [99999999999, '999.999.999,99 €'],
  ])('%i cents → %s', (cents, text) => expect(formatMoney(cents)).toBe(text));
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1234, '1.234'],
    [12345, '12.345'],
    [1234567, '1.234.567'],
    [-4321, '-4.321'],
    [2.6, '3'],
  ])('%d → %s', (n, text) => expect(formatCount(n)).toBe(text));

  it('shows nothing for a number that is not one', () => expect(formatCount(Number.NaN)).toBe(''));
});

describe('dates in Europe/Zagreb', () => {
  it('formats dd.MM.yyyy and HH:mm in the business time zone', () => {
    expect(formatDate('2026-11-21T23:30:00Z')).toBe('22.11.2026'); // already the next day in Zagreb (UTC+1)
    expect(formatTime('2026-11-21T23:30:00Z')).toBe('00:30');
    expect(formatTime('2026-07-01T10:05:00Z')).toBe('12:05'); // summer time, UTC+2
    expect(formatDateTime(new Date('2026-03-05T08:07:00Z'))).toBe('05.03.2026 09:07');
  });

  it('leaves calendar dates as they are', () => {
    expect(formatDate('2025-03-30')).toBe('30.03.2025');
  });
});

describe('business dates', () => {
  it('takes the day in Europe/Zagreb, not in UTC', () => {
    expect(businessDate(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(businessDate(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
  });
  it('adds days across month ends and DST changes', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
  });
});
