import { describe, expect, it } from 'vitest';
import { deadlineOf } from './deadline.ts';

const issuedAt = '2026-11-20T10:00:00.000Z';
const deliverBy = '2026-11-22T10:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('deadlineOf', () => {
  it('counts down to the delivery limit', () => {
    expect(deadlineOf({ issuedAt, deliverBy }, at('2026-11-20T10:30:59.000Z'))).toEqual({
      hours: 47,
      minutes: 29,
      overdue: false,
      alarm: false,
    });
  });

  it('raises the alarm after 24 hours without a JIR', () => {
    expect(deadlineOf({ issuedAt, deliverBy }, at('2026-11-21T09:59:59.000Z')).alarm).toBe(false);
    expect(deadlineOf({ issuedAt, deliverBy }, at('2026-11-21T10:00:00.000Z')).alarm).toBe(true);
  });

  it('is overdue past the limit, counting the time since', () => {
    expect(deadlineOf({ issuedAt, deliverBy }, at('2026-11-22T13:05:00.000Z'))).toEqual({
      hours: 3,
      minutes: 5,
      overdue: true,
      alarm: true,
    });
  });
});
