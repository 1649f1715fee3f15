import { businessDate, isCalendarDate } from '@kovanica/contract';

/** `31.12.2026` (dots, optional trailing dot, one-digit day and month) → `2026-12-31`; anything else is no date. */
export function parseDay(text: string): string | null {
  const m = /^\s*(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})\.?\s*$/.exec(text);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]?.padStart(2, '0')}-${m[1]?.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** A real calendar day `yyyy-MM-dd` (a search parameter's `from`/`to`); `2026-02-30` is none. */
export const isIsoDay = (value: unknown): value is string => typeof value === 'string' && isCalendarDate(value);

/** Days from `from` to `to`, both included (0 when the end is before the start); whole days across clock changes. */
export function daysInRange(from: string, to: string): number {
  return to < from ? 0 : Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
}

/** This month up to today, in business (Zagreb) days: the reports' default range. */
export function monthToDate(today = businessDate()): { from: string; to: string } {
  return { from: `${today.slice(0, 8)}01`, to: today };
}
