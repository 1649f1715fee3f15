import { BUSINESS_TIME_ZONE } from '@kovanica/contract';

const zagreb = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function zagrebParts(at: Date): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const p of zagreb.formatToParts(at)) parts[p.type] = p.value;
  return parts;
}

/**
 * A time as CIS writes it, Zagreb local time without a zone: `dd.MM.yyyyTHH:mm:ss` in the XML
 * (`separator` 'T') and `dd.MM.yyyy HH:mm:ss` in the ZKI's text (a space). In the repeated hour at the
 * end of summer time both instants read alike, as they do on the bill itself.
 */
export function cisTime(at: Date, separator: 'T' | ' ' = 'T'): string {
  const p = zagrebParts(at);
  return `${p.day}.${p.month}.${p.year}${separator}${p.hour}:${p.minute}:${p.second}`;
}

/** The QR code's `datv`: `yyyyMMdd_HHmm`, Zagreb local time. */
export function qrTime(at: Date): string {
  const p = zagrebParts(at);
  return `${p.year}${p.month}${p.day}_${p.hour}${p.minute}`;
}

/** An amount as CIS writes it: a dot and exactly two decimals, `1245.50`, `-3.00`. */
export function cisAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`[kovanica-server] not an amount in cents: ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
