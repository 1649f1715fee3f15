/**
 * The top-ups' fields without zod (docs/architecture.md "A field, described once"); the schemas are in
 * `top-ups.ts`.
 */
import { describeFields, type Words } from '../fields.ts';
import type { TopUpPayment } from './top-ups.ts';

/**
 * The top-ups' fields: their labels, the top-up list's columns and its file's, and the payments'
 * words. A reference's column shows its name (`cardNumber`, under the column key `card`); the
 * reference itself (`card`) is the form's field and the filter. The balance after it (`balanceAfter`)
 * is drawn by the web's top-up list; the period (`at`) is its filter of days.
 */
export const topUpFieldsDescription = describeFields(
  'top-ups',
  {
    at: { label: { en: 'Time', hr: 'Vrijeme' }, kind: 'instant', column: { sort: true }, file: true, filter: 'range' },
    cardNumber: { label: { en: 'Card', hr: 'Kartica' }, kind: 'text', column: { key: 'card' }, file: true },
    card: { label: { en: 'Card', hr: 'Kartica' }, kind: 'text', filter: 'exact' },
    // Shown under the card number; its own column for who wants it apart (and in the file).
    holderName: { label: { en: 'Holder', hr: 'Korisnik' }, kind: 'text', column: { key: 'holder', hidden: true }, file: true },
    holder: { label: { en: 'Holder', hr: 'Korisnik' }, kind: 'text' },
    posLocationName: { label: { en: 'Point of sale', hr: 'Prodajno mjesto' }, kind: 'text', column: { key: 'posLocation' }, file: true },
    posLocation: { label: { en: 'Point of sale', hr: 'Prodajno mjesto' }, kind: 'text', filter: 'exact' },
    posWorkerName: { label: { en: 'Worker', hr: 'Djelatnik' }, kind: 'text', column: { key: 'posWorker' }, file: true },
    posWorker: { label: { en: 'Worker', hr: 'Djelatnik' }, kind: 'text', filter: 'exact' },
    paidCents: { label: { en: 'Paid', hr: 'Uplaćeno' }, kind: 'money', column: {}, file: true },
    bonusCents: { label: { en: 'Bonus', hr: 'Bonus' }, kind: 'money', column: {}, file: true },
    promotionName: { label: { en: 'Promotion', hr: 'Promocija' }, kind: 'text', column: { key: 'promotion', hidden: true }, file: true },
    promotion: { label: { en: 'Promotion', hr: 'Promocija' }, kind: 'text' },
    payment: { label: { en: 'Payment', hr: 'Plaćanje' }, kind: 'words', words: 'payments', column: {}, file: true, filter: 'exact' },
    billNumber: { label: { en: 'Bill', hr: 'Račun' }, kind: 'text', column: { key: 'bill' }, file: true },
    balanceAfter: { label: { en: 'Balance after', hr: 'Stanje nakon' }, kind: 'text', column: {} },
    paidAfterCents: {
      label: { en: 'Paid credit after', hr: 'Uplaćeni kredit nakon' },
      kind: 'money',
      column: { hidden: true },
      file: true,
    },
    bonusAfterCents: { label: { en: 'Bonus after', hr: 'Bonus nakon' }, kind: 'money', column: { hidden: true }, file: true },
  },
  {
    payments: {
      cash: { en: 'Cash', hr: 'Gotovina' },
      card: { en: 'Card', hr: 'Kartica' },
    } satisfies Record<TopUpPayment, Words>,
  },
);
