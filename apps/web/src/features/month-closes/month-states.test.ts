import type { MonthClose } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { monthCloseSearch } from './month-close-search.ts';
import { actionMonths, blockedReason } from './month-states.ts';

const month = (m: string, status: MonthClose['status'], more: Partial<MonthClose> = {}): MonthClose => ({
  '@id': status === 'closed' ? `/api/v2/month-closes/${m.replace('-', '')}` : null,
  '@type': 'MonthClose',
  company: '/api/v2/companies/1',
  month: m,
  status,
  unverifiedDeposits: 0,
  unfiscalizedBills: 0,
  heldBatches: 0,
  closable: false,
  closedAt: null,
  closedByName: null,
  reopenedAt: null,
  reopenedByName: null,
  reopenReason: null,
  adjustments: [],
  counted: [],
  ...more,
});

describe('month close states', () => {
  // Newest first, as the server lists them: two closed, then three open, the running one on top.
  const months = [
    month('2026-12', 'current'),
    month('2026-11', 'open', { unverifiedDeposits: 2 }),
    month('2026-10', 'open'),
    month('2026-09', 'open', { closable: true }),
    month('2026-08', 'closed'),
    month('2026-07', 'closed'),
  ];

  it('closes the oldest open month and reopens the newest closed one', () => {
    expect(actionMonths(months)).toEqual({ firstOpen: '2026-09', lastClosed: '2026-08' });
    expect(actionMonths([month('2026-12', 'current')])).toEqual({ firstOpen: undefined, lastClosed: undefined });
  });

  it('says why an open month cannot be closed: what waits first, then the month before it', () => {
    const { firstOpen } = actionMonths(months);
    const [current, november, october, september, august] = months as [MonthClose, MonthClose, MonthClose, MonthClose, MonthClose];
    expect(blockedReason(november, firstOpen)).toEqual({ reason: 'waiting' });
    expect(blockedReason(october, firstOpen)).toEqual({ reason: 'order', month: '2026-09' });
    expect(blockedReason(september, firstOpen)).toBeNull();
    expect(blockedReason(current, firstOpen)).toBeNull();
    expect(blockedReason(august, firstOpen)).toBeNull();
    // The oldest open month on the list, not closable with nothing waiting: an older one is off the list.
    expect(blockedReason(october, '2026-10')).toEqual({ reason: 'earlier' });
  });

  it("keeps a company's IRI in the address and drops anything else", () => {
    expect(monthCloseSearch({ company: '/api/v2/companies/3' })).toEqual({ company: '/api/v2/companies/3' });
    expect(monthCloseSearch({ company: '/api/v2/devices/3' })).toEqual({});
    expect(monthCloseSearch({ company: 3, month: '2026-10' })).toEqual({});
  });
});
