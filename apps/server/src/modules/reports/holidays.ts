/**
 * Croatian public holidays (Zakon o blagdanima, spomendanima i neradnim danima, in force since 2020),
 * computed for any year, as `yyyy-MM-dd` calendar dates. Pure: the traffic forecast uses them as its
 * holiday effect, and nothing here needs a table to be kept up to date.
 */

/** Fixed-date holidays as `MM-dd`: New Year, Epiphany, Labour Day, Statehood Day, Anti-Fascist Struggle
 * Day, Victory Day, Assumption, All Saints, Remembrance Day, Christmas, St Stephen. */
const FIXED = ['01-01', '01-06', '05-01', '05-30', '06-22', '08-05', '08-15', '11-01', '11-18', '12-25', '12-26'];

const DAY_MS = 86_400_000;
/** Midnight UTC of a date; `setUTCFullYear` keeps years below 100 as they are (`Date.UTC` would not). */
const utc = (year: number, monthIndex: number, day: number) => new Date(0).setUTCFullYear(year, monthIndex, day);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(utc(year, month - 1, day));
}

const cache = new Map<number, readonly string[]>();

/**
 * The public holidays of a year in date order: the 11 fixed ones plus Easter Sunday, Easter Monday and
 * Corpus Christi (Easter + 60 days). 14 dates, or 13 when Corpus Christi falls on Statehood Day (2024).
 */
export function publicHolidays(year: number): readonly string[] {
  const known = cache.get(year);
  if (known) return known;
  const easter = Date.parse(`${easterSunday(year)}T00:00:00Z`);
  const y = easterSunday(year).slice(0, 4);
  const days = [...new Set([...FIXED.map((md) => `${y}-${md}`), iso(easter), iso(easter + DAY_MS), iso(easter + 60 * DAY_MS)])].sort();
  cache.set(year, days);
  return days;
}

/** Whether a `yyyy-MM-dd` date is a Croatian public holiday. */
export function isPublicHoliday(day: string): boolean {
  return publicHolidays(Number(day.slice(0, 4))).includes(day);
}
