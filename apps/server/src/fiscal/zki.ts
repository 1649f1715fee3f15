import { createHash, type KeyObject, sign } from 'node:crypto';
import { cisAmount, cisTime } from './cis-format.ts';

/** What the ZKI is computed from (fiscalization.md "ZKI"): the bill as CIS knows it. */
export interface ZkiInput {
  /** The company's OIB (the one in its fiscal certificate). */
  oib: string;
  issuedAt: Date;
  /** `BrOznRac`: the bill's sequence number. */
  number: number;
  /** `OznPosPr`: the premises label. */
  premises: string;
  /** `OznNapUr`: the device's ISU number. */
  isu: string;
  /** `IznosUkupno`, in cents (negative for a storno). */
  totalCents: number;
}

/** The text the ZKI signs: the fields one after another, the time with a space, Zagreb local. */
export const zkiText = (bill: ZkiInput): string =>
  `${bill.oib}${cisTime(bill.issuedAt, ' ')}${bill.number}${bill.premises}${bill.isu}${cisAmount(bill.totalCents)}`;

/**
 * The protective code of the issuer: lowercase hex MD5 of the RSA-SHA1 (PKCS#1 v1.5) signature of the
 * text with the certificate's private key. The signature is deterministic, so a bill's ZKI never changes.
 */
export const computeZki = (bill: ZkiInput, privateKey: KeyObject): string => zkiOf(zkiText(bill), privateKey);

/** The ZKI of a text already written (the simulated CIS writes it from the request's fields as sent). */
export function zkiOf(text: string, privateKey: KeyObject): string {
  const signature = sign('sha1', Buffer.from(text, 'utf8'), privateKey);
  return createHash('md5').update(signature).digest('hex');
}
