import { isCalendarDate } from '@kovanica/contract';

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
