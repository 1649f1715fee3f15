/**
 * Money and date formats (original §1, domain §2), used by the web app, e-mails and exports alike.
 * Money travels as integer euro cents; it is shown as `1.234,56 €` in both languages. Dates and times
 * are shown in the business time zone, Europe/Zagreb.
 */
export const BUSINESS_TIME_ZONE = 'Europe/Zagreb';

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

/** A count (plays, tokens, devices) grouped like money, `12.345`, so a column of both reads alike. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '';
  const whole = Math.round(n);
  return `${whole < 0 ? '-' : ''}${grouped(Math.abs(whole).toString())}`;
}

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * Zagreb's offset from UTC in milliseconds per UTC hour: the zone changes only on whole UTC hours, so
 * the (slow) formatter is asked once an hour of time, not once an instant. Kept to a bounded size.
 */
const offsets = new Map<number, number>();
function zagrebOffset(ms: number): number {
  const hour = Math.floor(ms / 3_600_000);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const p: Record<string, string> = {};
    for (const part of partsFormatter.formatToParts(new Date(hour * 3_600_000))) p[part.type] = part.value;
    offset = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - hour * 3_600_000;
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
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

/** A `yyyy-MM-dd` calendar date moved by whole days. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first day of a `yyyy-MM-dd` calendar date's month. */
export const monthStart = (isoDate: string) => `${isoDate.slice(0, 8)}01`;

/** The last day of a `yyyy-MM-dd` calendar date's month. */
export const monthEnd = (isoDate: string) => addDays(monthStart(addDays(monthStart(isoDate), 31)), -1);

/** Monday of a `yyyy-MM-dd` calendar date's ISO week. */
export const weekStart = (isoDate: string) => addDays(isoDate, -((new Date(`${isoDate}T12:00:00Z`).getUTCDay() + 6) % 7));

/** Days from one calendar date to another, both counted (`2026-11-01`…`2026-11-30` is 30). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
