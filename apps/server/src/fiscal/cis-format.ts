import { zagrebParts } from '@kovanica/contract';

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
