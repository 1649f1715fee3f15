import {
  addDays,
  boxFullOn,
  businessDate,
  type DeviceState,
  LOGISTIC_INTAKE_DAYS,
  outsideTolerance,
  type ProblemReason,
  type WorkingHours,
  weekdays,
} from '@kovanica/contract';
import type { StateRow } from './devices.queries.ts';

/** Days without revenue, counting only days the location was open, before a device is problematic. */
export const NO_REVENUE_OPEN_DAYS = 3;

const zagrebClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Zagreb',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const shortDays: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/** Whether a location is open at an instant (Zagreb time; a closing before the opening runs past midnight). */
export function isOpen(hours: WorkingHours, at: Date): boolean {
  const parts = Object.fromEntries(zagrebClock.formatToParts(at).map((p) => [p.type, p.value]));
  const day = shortDays[parts.weekday ?? 'Mon'] ?? 0;
  const now = Number(parts.hour) * 60 + Number(parts.minute);
  const today = hours[weekdays[day] ?? 'mon'];
  const yesterday = hours[weekdays[(day + 6) % 7] ?? 'sun'];
  if (today) {
    const start = minutesOf(today.start);
    const end = minutesOf(today.end);
    if (end > start ? now >= start && now < end : now >= start) return true;
  }
  // Yesterday's hours that run past midnight.
  if (yesterday && minutesOf(yesterday.end) <= minutesOf(yesterday.start) && now < minutesOf(yesterday.end)) return true;
  return false;
}

/** Open days of the week (a location closed every day has none). */
const openDays = (hours: WorkingHours) => weekdays.filter((d) => hours[d] !== null).length;

/** The state a device is in now, and why it may need a look (docs/rules.md "Telemetry, devices in operation, deposits"). */
export function deviceStateOf(row: StateRow | null, hours: WorkingHours | null, now = new Date()): DeviceState {
  const lastSeen = row?.lastSeenAt ? new Date(row.lastSeenAt) : null;
  const threshold = (row?.offlineThresholdMinutes ?? 120) * 60_000;
  const online = lastSeen !== null && now.getTime() - lastSeen.getTime() <= threshold;
  const problems: ProblemReason[] = [];
  // Offline only counts while the location is open: a logger may sleep when the shop is shut.
  if (!online && lastSeen !== null && hours && isOpen(hours, now)) problems.push('offline');
  if (row?.lastRevenueDay && hours && openDays(hours) > 0) {
    // Three open days without revenue: calendar days scaled by how many days a week it opens.
    const calendarDays = Math.ceil((NO_REVENUE_OPEN_DAYS * 7) / openDays(hours));
    if (row.lastRevenueDay < addDays(businessDate(now), -calendarDays)) problems.push('no_revenue');
  }
  // The last verified deposit was off by more than the company tolerates (until the next one is verified).
  const deposit = row?.lastVerifiedDeposit;
  if (deposit && outsideTolerance(deposit, deposit.tokenValueCents, deposit.toleranceCents)) problems.push('deposit_difference');
  const iso = (v: string | null | undefined) => (v ? new Date(v).toISOString() : null);
  const box = Number(row?.boxCents ?? 0);
  const outlook = cashBoxOutlook(box, row?.capacityCents ?? null, Number(row?.recentCashCents ?? 0), online ? null : lastSeen, now);
  return {
    online,
    lastSeenAt: lastSeen?.toISOString() ?? null,
    serviceMode: row?.serviceMode ?? false,
    serviceSince: iso(row?.serviceSince),
    critical: row?.critical ?? false,
    criticalCode: row?.criticalCode ?? null,
    criticalSince: iso(row?.criticalSince),
    problems: row?.critical ? [] : problems,
    cashInBoxCents: box,
    tokensInBox: Number(row?.boxTokens ?? 0),
    lastEmptiedAt: iso(row?.lastEmptiedAt),
    ...outlook,
  };
}

/**
 * The cash box's outlook (docs/rules.md "Cash box outlook"): the day's intake is the coins and notes of
 * the last LOGISTIC_INTAKE_DAYS Zagreb days averaged; the cash expected now is what telemetry counted in
 * the box plus, while the logger is offline (`offlineSince`: when it was last heard), that intake for
 * each day (and part of a day) since; its percent of the capacity rounded down; the day it is full.
 */
export function cashBoxOutlook(
  boxCents: number,
  capacityCents: number | null,
  recentCashCents: number,
  offlineSince: Date | null,
  now = new Date(),
) {
  const dailyIntakeCents = Math.round(recentCashCents / LOGISTIC_INTAKE_DAYS);
  const days = offlineSince ? Math.max(0, now.getTime() - offlineSince.getTime()) / 86_400_000 : 0;
  const expectedCashCents = boxCents + Math.round(dailyIntakeCents * days);
  const capacity = capacityCents !== null && capacityCents > 0 ? capacityCents : null;
  return {
    dailyIntakeCents,
    expectedCashCents,
    fillPercent: capacity === null ? null : Math.floor((expectedCashCents * 100) / capacity),
    fullOn: boxFullOn(businessDate(now), expectedCashCents, capacity, dailyIntakeCents),
  };
}
