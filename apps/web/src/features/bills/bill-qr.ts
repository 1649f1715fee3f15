import { type Bill, zagrebParts } from '@kovanica/contract';

/** Where the Tax Administration checks a bill (fiscalization.md "QR code on a bill"). */
export const BILL_CHECK_URL = 'https://porezna.gov.hr/rn';

/**
 * The address a bill's QR code carries: `jir=<JIR>` once CIS has answered, `zki=<ZKI>` until then;
 * `datv` is the issue time in Zagreb (`yyyyMMdd_HHmm`), `izn` the amount in cents (a storno's is
 * negative, as on the bill).
 */
export function billQrUrl(bill: Pick<Bill, 'jir' | 'zki' | 'issuedAt' | 'totalCents'>): string {
  const p = zagrebParts(bill.issuedAt);
  const code = bill.jir ? `jir=${encodeURIComponent(bill.jir)}` : `zki=${encodeURIComponent(bill.zki)}`;
  return `${BILL_CHECK_URL}?${code}&datv=${p.year}${p.month}${p.day}_${p.hour}${p.minute}&izn=${Math.round(bill.totalCents)}`;
}
