/**
 * The card transactions' fields without zod (docs/architecture.md "A field, described once"); the
 * schemas are in `loyalty-cards.ts`.
 */
import { describeFields, type Words } from '../fields.ts';
import type { CardTransactionKind } from './loyalty-cards.ts';

/**
 * The card ledger's fields: their labels, the ledger's columns and its file's, its filters, and the
 * kinds' words. A reference's column shows its name (`cardNumber`, under the column key `card`); the
 * reference itself (`card`) is the filter. Where a spend happened is one column on screen (`place`,
 * drawn by the web's ledger), the device and the location apart in the file; the period (`at`) is
 * the ledger's filter of days.
 */
export const cardTransactionFieldsDescription = describeFields(
  'card-transactions',
  {
    at: { label: { en: 'Time', hr: 'Vrijeme' }, kind: 'instant', column: { sort: true }, file: true, filter: 'range' },
    cardNumber: { label: { en: 'Card', hr: 'Kartica' }, kind: 'text', column: { key: 'card' }, file: true },
    card: { label: { en: 'Card', hr: 'Kartica' }, kind: 'text', filter: 'exact' },
    holderName: { label: { en: 'Holder', hr: 'Korisnik' }, kind: 'text', column: { key: 'holder' }, file: true },
    holder: { label: { en: 'Holder', hr: 'Korisnik' }, kind: 'text', filter: 'exact' },
    owner: { label: { en: 'Programme owner', hr: 'Vlasnik programa' }, kind: 'text', filter: 'exact' },
    kind: { label: { en: 'Kind', hr: 'Vrsta' }, kind: 'words', words: 'kinds', column: {}, file: true, filter: 'exact' },
    paidCents: { label: { en: 'Paid credit', hr: 'Uplaćeni kredit' }, kind: 'money', column: {}, file: true },
    bonusCents: { label: { en: 'Bonus', hr: 'Bonus' }, kind: 'money', column: {}, file: true },
    paidAfterCents: { label: { en: 'Paid credit after', hr: 'Uplaćeni kredit nakon' }, kind: 'money', column: {}, file: true },
    bonusAfterCents: { label: { en: 'Bonus after', hr: 'Bonus nakon' }, kind: 'money', column: {}, file: true },
    place: { label: { en: 'Device / location', hr: 'Uređaj / lokacija' }, kind: 'text', column: {} },
    deviceName: { label: { en: 'Device', hr: 'Uređaj' }, kind: 'text', file: true },
    device: { label: { en: 'Device', hr: 'Uređaj' }, kind: 'text', filter: 'exact' },
    locationName: { label: { en: 'Location', hr: 'Lokacija' }, kind: 'text', file: true },
    userName: { label: { en: 'By', hr: 'Tko' }, kind: 'text', column: { key: 'user' }, file: true },
    user: { label: { en: 'By', hr: 'Tko' }, kind: 'text' },
    note: { label: { en: 'Note', hr: 'Napomena' }, kind: 'text', column: {}, file: true },
  },
  {
    kinds: {
      top_up: { en: 'Top-up', hr: 'Nadoplata' },
      spend: { en: 'Spend', hr: 'Potrošnja' },
      adjustment: { en: 'Correction', hr: 'Ispravak' },
    } satisfies Record<CardTransactionKind, Words>,
  },
);
