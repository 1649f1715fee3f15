/**
 * Money and date formats (docs/rules.md "Units, formats and languages"), used by the web app, e-mails and exports alike.
 * Money travels as integer euro cents; it is shown as `1.234,56 €` in both languages. Dates and times
 * are shown in the business time zone, Europe/Zagreb.
 */
export const BUSINESS_TIME_ZONE = 'Europe/Zagreb';

/**
 * Money's number format in spreadsheet files (XLSX, the exports screen's and the lists' export): the
 * user's own separators, two decimals and the euro sign.
 */
export const SPREADSHEET_MONEY_FORMAT = '#,##0.00" €";-#,##0.00" €"';

/** Thousands separated by dots: `1234567` → `1.234.567`. */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

export function formatMoney(cents: number): string {
  if (!Number.isFinite(cents)) return '';
  const negative = cents < 0;
  const abs = Math.round(Math.abs(cents));
  const euros = Math.floor(abs / 100).toString();
  const rest = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${grouped(euros)},${rest} €`;
}

/** A whole number of euros: plain digits, or grouped by dots in threes (`1.234.567`). */
const EUROS = String.raw`(\d{1,3}(?:\.\d{3})+|\d+)`;
const EUROS_WITH_COMMA = new RegExp(`^${EUROS}?,(\\d{0,2})$`);
const EUROS_WITH_DOT = new RegExp(`^${EUROS}\\.(\\d{0,2})$`);
const EUROS_ONLY = new RegExp(`^${EUROS}$`);

/**
 * Money as a person types or writes it, in integer cents: `1.234,50`, `1234,5`, `1.234` (a dot before
 * three digits groups thousands), `12.50` (a dot before at most two digits, the numeric keypad's, is
 * the decimal point), `1 234,50 €`, `-3,20`. Null for what is not an amount: a third decimal, letters,
 * a second comma, `1,234.50`. Used by the money fields and by imports, so both read a text alike.
 */
export function parseEuros(text: string): number | null {
  const trimmed = text.replace(/[\s\u00a0€]/g, '');
  const negative = /^[-\u2212]/.test(trimmed);
  const unsigned = negative ? trimmed.slice(1) : trimmed;
  const match = EUROS_ONLY.exec(unsigned) ?? EUROS_WITH_COMMA.exec(unsigned) ?? EUROS_WITH_DOT.exec(unsigned);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const cents = Number(whole.replaceAll('.', '') || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

/** A count (plays, tokens, devices) grouped like money, `12.345`, so a column of both reads alike. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '';
  const whole = Math.round(n);
  return `${whole < 0 ? '-' : ''}${grouped(Math.abs(whole).toString())}`;
}

/**
 * A number with `digits` decimals (trailing zeros dropped when `trim`), a decimal comma and no grouping,
 * as `Intl.NumberFormat('hr-HR')` writes it (tests hold it to that): rounded half away from zero on
 * the number's shortest decimal form (`0.15` → `0,2`), a minus sign (U+2212) before a negative number,
 * also one that rounds to zero. By hand because the first `hr-HR` formatter of a page loads the
 * locale's data: 120–260 ms with the CPU slowed 4×, measured on an empty page (decision 0016).
 */
export function formatDecimal(value: number, digits: number, trim = false): string {
  const sign = value < 0 || Object.is(value, -0) ? '\u2212' : '';
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : `${sign}∞`;
  const abs = Math.abs(value);
  const shortest = String(abs);
  let whole: string;
  let fraction: string;
  if (shortest.includes('e')) {
    // Below a millionth (no half to round at these digits) or from 10^21 on (a whole number).
    if (abs >= 1) {
      whole = BigInt(abs).toString();
      fraction = '0'.repeat(digits);
    } else [whole = '0', fraction = ''] = abs.toFixed(digits).split('.');
  } else {
    const [int = '0', frac = ''] = shortest.split('.');
    if (frac.length <= digits) {
      whole = int;
      fraction = frac.padEnd(digits, '0');
    } else {
      const rounded = (BigInt(int + frac.slice(0, digits)) + ((frac[digits] ?? '0') >= '5' ? 1n : 0n)).toString().padStart(digits + 1, '0');
      whole = rounded.slice(0, rounded.length - digits);
      fraction = rounded.slice(rounded.length - digits);
    }
  }
  if (trim) fraction = fraction.replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `,${fraction}` : ''}`;
}

/**
 * A negative amount, count or percentage is written with a hyphen-minus (`-12,5 %`), as money is and
 * as spreadsheets read it; the minus sign (−) stands only between the terms of a worked-out formula.
 */
const hyphenated = (decimal: string) => decimal.replace('\u2212', '-');

/** A percentage as shown next to money: comma decimals, at most two (`12,5 %`), or always two (`fixed`: a column of them, `12,50 %`). */
export function formatPercent(value: number, fixed = false): string {
  return `${hyphenated(formatDecimal(value, 2, !fixed))} %`;
}

/** A share, a margin or an index as a report shows it: one decimal, a comma, `23,4 %`. */
export function formatShare(percent: number): string {
  return `${hyphenated(formatDecimal(percent, 1))} %`;
}

let partsFormatter: Intl.DateTimeFormat | undefined;
const makePartsFormatter = () =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

const HOUR = 3_600_000;

/**
 * Zagreb's offset from UTC before 1996, from the time-zone database, kept per UTC hour (the zone
 * changes only on whole UTC hours). Making the formatter is the slow part: 190 ms of a finance
 * report's first render with the CPU slowed 4× (decision 0016).
 */
const offsets = new Map<number, number>();
function tzdbOffset(ms: number): number {
  const hour = Math.floor(ms / HOUR);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const p: Record<string, string> = {};
    partsFormatter ??= makePartsFormatter();
    for (const part of partsFormatter.formatToParts(new Date(hour * HOUR))) p[part.type] = part.value;
    offset = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - hour * HOUR;
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/** The EU's summer time (Croatia's since 1996): from the last Sunday of March, 01:00 UTC, to the last Sunday of October, 01:00 UTC. */
const EU_SUMMER_TIME_SINCE = Date.UTC(1996, 0, 1);
const summers = new Map<number, readonly [number, number]>();
const lastSundayAt1Utc = (year: number, month: number) => {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
};

/**
 * Zagreb's offset from UTC in milliseconds: local Zagreb time is `ms + zagrebOffset(ms)`. Central
 * European Time, UTC+1, and UTC+2 in the EU's summer time, worked out by its rule since 1996 (tests
 * hold it to the time-zone database, hour by hour); earlier instants ask the database.
 */
export function zagrebOffset(ms: number): number {
  if (ms < EU_SUMMER_TIME_SINCE) return tzdbOffset(ms);
  const year = new Date(ms).getUTCFullYear();
  let summer = summers.get(year);
  if (summer === undefined) {
    summer = [lastSundayAt1Utc(year, 2), lastSundayAt1Utc(year, 9)];
    summers.set(year, summer);
  }
  return ms >= summer[0] && ms < summer[1] ? 2 * HOUR : HOUR;
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** An instant's calendar and clock parts in Europe/Zagreb (`year`, `month`, `day`, `hour`, `minute`, `second`), two digits each but the year. */
export function zagrebParts(value: Date | string | number): Record<string, string> {
  const ms = (value instanceof Date ? value : new Date(value)).getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid time value');
  const local = new Date(ms + zagrebOffset(ms));
  return {
    year: String(local.getUTCFullYear()).padStart(4, '0'),
    month: two(local.getUTCMonth() + 1),
    day: two(local.getUTCDate()),
    hour: two(local.getUTCHours()),
    minute: two(local.getUTCMinutes()),
    second: two(local.getUTCSeconds()),
  };
}

/** `dd.MM.yyyy` in Europe/Zagreb. A `yyyy-MM-dd` calendar date is formatted as it is. */
export function formatDate(value: Date | string | number): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}.${m}.${y}`;
  }
  const p = zagrebParts(value);
  return `${p.day}.${p.month}.${p.year}`;
}

/** `HH:mm` in Europe/Zagreb. */
export function formatTime(value: Date | string | number): string {
  const p = zagrebParts(value);
  return `${p.hour}:${p.minute}`;
}

/** `dd.MM.yyyy HH:mm` in Europe/Zagreb. */
export function formatDateTime(value: Date | string | number): string {
  return `${formatDate(value)} ${formatTime(value)}`;
}

/** The business day of an instant, `yyyy-MM-dd` in Europe/Zagreb. */
export function businessDate(value: Date | string | number = new Date()): string {
  const p = zagrebParts(value);
  return `${p.year}-${p.month}-${p.day}`;
}

// Calendar dates as day numbers (days since 1970-01-01), by arithmetic: reports work out thousands of
// dates per request, and parsing and printing a Date for each was most of a report's time in JavaScript.
const dayNumber = (isoDate: string) =>
  Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) / 86_400_000;
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The `yyyy-MM-dd` date of a day number (H. Hinnant's civil_from_days). */
function fromDayNumber(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** A `yyyy-MM-dd` calendar date moved by whole days. */
export const addDays = (isoDate: string, days: number): string => fromDayNumber(dayNumber(isoDate) + days);

/** The first day of a `yyyy-MM-dd` calendar date's month. */
export const monthStart = (isoDate: string) => `${isoDate.slice(0, 8)}01`;

// A month's last day by its `yyyy-MM`: reports ask for the same few months thousands of times.
const monthEnds = new Map<string, string>();

/** The last day of a `yyyy-MM-dd` calendar date's month. */
export const monthEnd = (isoDate: string) => {
  const key = isoDate.slice(0, 7);
  let end = monthEnds.get(key);
  if (end === undefined) {
    // Day 0 of the next month is the last of this one.
    end = `${key}-${pad2(new Date(Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)), 0)).getUTCDate())}`;
    if (monthEnds.size >= 10_000) monthEnds.clear();
    monthEnds.set(key, end);
  }
  return end;
};

/** Monday of a `yyyy-MM-dd` calendar date's ISO week. */
export const weekStart = (isoDate: string) => {
  const days = dayNumber(isoDate);
  // 1970-01-01 was a Thursday: day number 0 is 3 days after a Monday.
  return fromDayNumber(days - ((((days + 3) % 7) + 7) % 7));
};

/** Days from one calendar date to another, both counted (`2026-11-01`…`2026-11-30` is 30). */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/**
 * A file name's stem that any file system and mail client takes: the letters without their accents
 * (đ as d), every run of anything but letters, digits and dashes as one dash, none at either end,
 * lower case ("Financijski izvještaj – filtrirano" → "financijski-izvjestaj-filtrirano"). The server's
 * and the browser's exports name their files with it.
 */
export function asciiFileStem(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}
