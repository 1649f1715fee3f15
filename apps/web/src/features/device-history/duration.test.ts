import { describe, expect, it } from 'vitest';
import { formatDuration, minutesBetween } from './duration.ts';

describe('formatDuration', () => {
  it('shows hours and two-digit minutes', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(60)).toBe('1:00');
    expect(formatDuration(125)).toBe('2:05');
  });

  it('keeps counting hours past a day', () => {
    expect(formatDuration(26 * 60 + 3)).toBe('26:03');
  });

  it('never shows a negative or fractional duration', () => {
    expect(formatDuration(-4)).toBe('0:00');
    expect(formatDuration(59.9)).toBe('0:59');
  });
});

describe('minutesBetween', () => {
  it('counts whole minutes between two instants', () => {
    expect(minutesBetween('2026-03-01T10:00:00Z', '2026-03-01T11:02:59Z')).toBe(62);
  });

  it('counts an open interval up to now', () => {
    expect(minutesBetween('2026-03-01T10:00:00Z', null, Date.parse('2026-03-01T10:30:00Z'))).toBe(30);
  });
});
