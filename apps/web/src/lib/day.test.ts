import { describe, expect, it } from 'vitest';
import { isIsoDay, parseDay } from './day.ts';

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
