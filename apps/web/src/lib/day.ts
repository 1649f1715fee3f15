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

/**
 * Month and weekday names as `Intl.DateTimeFormat` gives them for `hr-HR` and `en-GB` (tests hold them to it).
 * Written out because making the first date formatter was 180 ms of a finance report's first render
 * with the CPU slowed 4× (decision 0016).
 */
const MONTHS = {
  hr: {
    long: [
      'siječanj',
      'veljača',
      'ožujak',
      'travanj',
      'svibanj',
      'lipanj',
      'srpanj',
      'kolovoz',
      'rujan',
      'listopad',
      'studeni',
      'prosinac',
    ],
    short: ['sij', 'velj', 'ožu', 'tra', 'svi', 'lip', 'srp', 'kol', 'ruj', 'lis', 'stu', 'pro'],
  },
  en: {
    long: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  },
} as const;

/** The month of a day (`yyyy-MM…`) by name with its year, in the user's language: `May 2026`, `svibanj 2026.`, `svi 2026.`. */
export function monthName(day: string, language: string, form: 'long' | 'short'): string {
  const hr = language === 'hr';
  const name = MONTHS[hr ? 'hr' : 'en'][form][Number(day.slice(5, 7)) - 1];
  return `${name} ${day.slice(0, 4)}${hr ? '.' : ''}`;
}

/** Weekdays, Sunday first (as `Date.getUTCDay`), short: `pon`, `Mon`. */
const WEEKDAYS = {
  hr: ['ned', 'pon', 'uto', 'sri', 'čet', 'pet', 'sub'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
} as const;

/** The short weekday of a calendar day (`yyyy-MM-dd`) in the user's language: `pon`, `Mon`. */
export function weekdayName(day: string, language: string): string {
  return WEEKDAYS[language === 'hr' ? 'hr' : 'en'][new Date(`${day}T12:00:00Z`).getUTCDay()] ?? '';
}
