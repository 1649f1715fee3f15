import type { WorkingHours } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { cashBoxOutlook, deviceStateOf, isOpen } from './state.ts';

const h = (start: string, end: string) => ({ start, end });
const hours: WorkingHours = {
  mon: h('09:00', '21:00'),
  tue: h('09:00', '21:00'),
  wed: null,
  thu: h('09:00', '21:00'),
  fri: h('09:00', '02:00'),
  sat: h('10:00', '02:00'),
  sun: null,
};
// 2026-11-20 is a Friday; Zagreb is UTC+1 in November.
const zagreb = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

describe('device state', () => {
  it('knows opening hours, including those past midnight', () => {
    expect(isOpen(hours, zagreb('2026-11-20', '20:00'))).toBe(true);
    expect(isOpen(hours, zagreb('2026-11-21', '01:30'))).toBe(true); // Friday's hours run to 02:00
    expect(isOpen(hours, zagreb('2026-11-21', '03:00'))).toBe(false);
    expect(isOpen(hours, zagreb('2026-11-18', '12:00'))).toBe(false); // closed on Wednesdays
  });

  it('calls a device offline only while its location is open, and flags days without revenue', () => {
    const now = zagreb('2026-11-20', '12:00');
    const row = {
      lastSeenAt: zagreb('2026-11-20', '08:00').toISOString(),
      offlineThresholdMinutes: 120,
      serviceMode: false,
      serviceSince: null,
      critical: false,
      criticalCode: null,
      criticalSince: null,
      boxCents: 1200,
      boxTokens: 3,
      lastEmptiedAt: null,
      lastRevenueDay: '2026-11-12',
      lastVerifiedDeposit: null,
    };
    expect(deviceStateOf(row, hours, now)).toMatchObject({ online: false, problems: ['offline', 'no_revenue'], cashInBoxCents: 1200 });
    expect(deviceStateOf(row, hours, zagreb('2026-11-18', '12:00')).problems).toEqual(['no_revenue']);
    expect(deviceStateOf({ ...row, lastRevenueDay: '2026-11-19' }, hours, zagreb('2026-11-20', '09:30'))).toMatchObject({
      online: true,
      problems: [],
    });
    // A critical device is critical, not "problematic".
    expect(deviceStateOf({ ...row, critical: true, criticalCode: 'E12' }, hours, now).problems).toEqual([]);
    expect(deviceStateOf(null, hours, now)).toMatchObject({ online: false, problems: [], cashInBoxCents: 0 });
  });

  it('flags a device whose last verified deposit was off by more than the company tolerates', () => {
    const now = zagreb('2026-11-20', '09:30');
    const row = {
      lastSeenAt: now.toISOString(),
      offlineThresholdMinutes: 120,
      serviceMode: false,
      serviceSince: null,
      critical: false,
      criticalCode: null,
      criticalSince: null,
      boxCents: 0,
      boxTokens: 0,
      lastEmptiedAt: null,
      lastRevenueDay: '2026-11-19',
    };
    const deposit = { reportedCoinsCents: 5000, reportedTokens: 10, tokenValueCents: 100, toleranceCents: 200 };
    const off = (depositCoinsCents: number, depositTokens: number) => ({
      ...row,
      lastVerifiedDeposit: { ...deposit, depositCoinsCents, depositTokens },
    });
    // 1,00 € of coins and one token short: 2,00 €, just within the tolerance.
    expect(deviceStateOf(off(4900, 9), hours, now).problems).toEqual([]);
    // 1,50 € over and one token short count together: 2,50 €.
    expect(deviceStateOf(off(5150, 9), hours, now).problems).toEqual(['deposit_difference']);
    expect(deviceStateOf({ ...row, lastVerifiedDeposit: null }, hours, now).problems).toEqual([]);
  });

  it('expects the cash in the box, adding the days of intake while the logger is offline (the worked example)', () => {
    const now = zagreb('2026-11-20', '12:00');
    // 14 days brought 420,00 €: 30,00 € a day. Online: the box as telemetry counted it.
    expect(cashBoxOutlook(12_000, 40_000, 42_000, null, now)).toEqual({
      dailyIntakeCents: 3000,
      expectedCashCents: 12_000,
      fillPercent: 30,
      fullOn: '2026-11-30',
    });
    // Offline since 36 hours ago: one and a half days of intake more, 165,00 €; full in 8 days (7,83 rounded up).
    const since = new Date(now.getTime() - 36 * 3_600_000);
    expect(cashBoxOutlook(12_000, 40_000, 42_000, since, now)).toEqual({
      dailyIntakeCents: 3000,
      expectedCashCents: 16_500,
      fillPercent: 41,
      fullOn: '2026-11-28',
    });
    // Past its capacity: over 100 %, full today; without a capacity no percent and no day.
    expect(cashBoxOutlook(45_100, 40_000, 0, null, now)).toMatchObject({ fillPercent: 112, fullOn: '2026-11-20' });
    expect(cashBoxOutlook(12_000, null, 42_000, since, now)).toMatchObject({ expectedCashCents: 16_500, fillPercent: null, fullOn: null });
    // The device's state carries it: offline (last heard at 08:00, four hours ago) adds a sixth of a day.
    const row = {
      lastSeenAt: zagreb('2026-11-20', '08:00').toISOString(),
      offlineThresholdMinutes: 120,
      serviceMode: false,
      serviceSince: null,
      critical: false,
      criticalCode: null,
      criticalSince: null,
      boxCents: 12_000,
      boxTokens: 0,
      lastEmptiedAt: null,
      lastRevenueDay: '2026-11-19',
      lastVerifiedDeposit: null,
      capacityCents: 40_000,
      recentCashCents: '42000',
    };
    expect(deviceStateOf(row, hours, now)).toMatchObject({ dailyIntakeCents: 3000, expectedCashCents: 12_500, fillPercent: 31 });
  });
});
