import type { Bill } from '@kovanica/contract';
import type { TFunction } from 'i18next';

/** The failures the sender records (`lastError`) that have words of their own; any other code is said with it. */
const KNOWN = new Set([
  'network',
  'timeout',
  'soap_fault',
  'answer_signature',
  'answer_message_id',
  's001',
  's002',
  's003',
  's004',
  's005',
  's006',
  's013',
]);

/** A bill's last failure in words: "No connection to the Tax Administration", not `network`. */
export function billErrorText(code: string, t: TFunction): string {
  const key = code.toLowerCase();
  return KNOWN.has(key) ? t(`bills.errors.${key}`) : t('bills.errors.other', { code });
}

/**
 * What a bill is for, in a line of the bell or a list: the device (a machine's bill), the location,
 * else its kind and its premises ("Manual bill, POS1"): never an empty dash.
 */
export function billSubject(bill: Pick<Bill, 'deviceName' | 'locationName' | 'kind' | 'premises'>, t: TFunction): string {
  return bill.deviceName ?? bill.locationName ?? t('bills.subject', { kind: t(`bills.kinds.${bill.kind}`), premises: bill.premises });
}
