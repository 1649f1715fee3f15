/**
 * Checks without zod (the web's first paint uses them): check digits of Croatian identifiers (docs/rules.md
 * "Units, formats and languages", identifiers), dates.
 */

/** The ISO 7064 MOD 11,10 check digit of an OIB's first 10 digits. */
export function oibCheckDigit(first10: string): number {
  let a = 10;
  for (let i = 0; i < 10; i++) {
    a = (a + Number(first10[i])) % 10;
    if (a === 0) a = 10;
    a = (a * 2) % 11;
  }
  return (11 - a) % 10;
}

/** OIB: 11 digits, ISO 7064 MOD 11,10. */
export function isValidOib(value: string): boolean {
  return /^\d{11}$/.test(value) && oibCheckDigit(value) === Number(value[10]);
}

/** The Luhn check digit of an IMEI's first 14 digits. */
export function imeiCheckDigit(first14: string): number {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(first14[13 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** IMEI: 15 digits, Luhn check digit. */
export function isValidImei(value: string): boolean {
  return /^\d{15}$/.test(value) && imeiCheckDigit(value) === Number(value[14]);
}

/**
 * The dates the API takes, as calendar dates and as instants. JavaScript and PostgreSQL disagree
 * outside four-digit years (year 0 exists in one only; `Date` rolls 2026-02-30 over to March), so a
 * date is checked here, by name, before it reaches either.
 */
export const DATE_RANGE = { min: '1900-01-01', max: '2999-12-31' } as const;

/** A real `YYYY-MM-DD` day within `DATE_RANGE`. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < DATE_RANGE.min || value > DATE_RANGE.max) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/i;

/**
 * An ISO 8601 instant with its offset (`2026-11-21T09:59:58Z`, `…+01:00`) on a real day within
 * `DATE_RANGE`, or null. Nothing else is guessed at: `Date` would read "1" as the year 2001.
 */
export function parseInstant(value: string): Date | null {
  const m = INSTANT.exec(value);
  if (!m?.[1] || !isCalendarDate(m[1])) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Base64 text (the standard alphabet, at most two `=` at the end), checked in one pass. A regular
 * expression such as `^[A-Za-z0-9+/]+={0,2}$` keeps a backtracking entry for every character: on an
 * upload's megabytes it can overflow the engine's stack, a 500 where a 413 or 422 was due.
 */
export function isBase64(value: string): boolean {
  let end = value.length;
  if (value.endsWith('==')) end -= 2;
  else if (value.endsWith('=')) end -= 1;
  if (end === 0) return false;
  for (let i = 0; i < end; i++) {
    const c = value.charCodeAt(i);
    const ok =
      (c >= 65 && c <= 90) || // A–Z
      (c >= 97 && c <= 122) || // a–z
      (c >= 48 && c <= 57) || // 0–9
      c === 43 || // +
      c === 47; // /
    if (!ok) return false;
  }
  return true;
}
