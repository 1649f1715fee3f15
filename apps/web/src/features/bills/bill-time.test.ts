import { describe, expect, it } from 'vitest';
import { formatBillTime, timeLeft } from './bill-time.ts';

describe('bill times', () => {
  it('shows the Zagreb time to the second', () => {
    expect(formatBillTime('2026-11-21T09:05:42.000Z')).toBe('21.11.2026 10:05:42');
    expect(formatBillTime('2026-07-01T21:30:09.000Z')).toBe('01.07.2026 23:30:09');
  });

  it('counts down to the delivery deadline and past it', () => {
    const now = Date.parse('2026-11-21T10:00:00.000Z');
    expect(timeLeft('2026-11-22T13:25:30.000Z', now)).toEqual({ overdue: false, hours: 27, minutes: 25 });
    expect(timeLeft('2026-11-21T09:15:00.000Z', now)).toEqual({ overdue: true, hours: 0, minutes: 45 });
  });
});
