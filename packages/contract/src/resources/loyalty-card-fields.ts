/**
 * The loyalty cards' fields without zod (docs/architecture.md "A field, described once"); the schemas
 * are in `loyalty-cards.ts`, the statuses in `loyalty-fields.ts`.
 */
import { describeFields, type Words } from '../fields.ts';
import type { CardStatus } from './loyalty-fields.ts';

/**
 * The loyalty cards' fields: their labels, the card list's columns and its file's, its filters, and
 * the statuses' words. A reference's column shows its name (`ownerName`, under the column key
 * `owner`); the reference itself (`owner`) is the form's field and the filter. The balance is one
 * column on screen (paid credit and bonus, drawn by the web's card list), three in the file.
 */
export const loyaltyCardFieldsDescription = describeFields(
  'loyalty-cards',
  {
    number: { label: { en: 'Card number', hr: 'Broj kartice' }, kind: 'text', column: { sort: true }, file: true, filter: 'partial' },
    uid: { label: { en: 'Chip id (UID)', hr: 'Oznaka čipa (UID)' }, kind: 'text', column: { sort: true }, file: true, filter: 'partial' },
    ownerName: { label: { en: 'Programme owner', hr: 'Vlasnik programa' }, kind: 'text', column: { key: 'owner' }, file: true },
    holderName: { label: { en: 'Holder', hr: 'Korisnik' }, kind: 'text', column: { key: 'holder' }, file: true },
    status: {
      label: { en: 'Status', hr: 'Status' },
      kind: 'words',
      words: 'statuses',
      column: { sort: true },
      file: true,
      filter: 'exact',
    },
    owner: { label: { en: 'Programme owner', hr: 'Vlasnik programa' }, kind: 'text', filter: 'exact' },
    holder: { label: { en: 'Holder', hr: 'Korisnik' }, kind: 'text' },
    statusReason: { label: { en: 'Reason', hr: 'Razlog' }, kind: 'text' },
    balance: { label: { en: 'Balance', hr: 'Stanje' }, kind: 'money', column: {} },
    paidCents: { label: { en: 'Paid credit', hr: 'Uplaćeni kredit' }, kind: 'money', column: { hidden: true }, file: true },
    bonusCents: { label: { en: 'Bonus', hr: 'Bonus' }, kind: 'money', column: { hidden: true }, file: true },
    balanceCents: { label: { en: 'Total', hr: 'Ukupno' }, kind: 'money', file: true },
    // Cards a spend was recorded on that they did not cover, or while blocked or lost.
    flagged: { label: { en: 'Check', hr: 'Provjera' }, kind: 'flag', column: {}, file: true, filter: 'boolean' },
    lastUsedAt: { label: { en: 'Last used', hr: 'Zadnje korištenje' }, kind: 'instant', column: { sort: true }, file: true },
  },
  {
    statuses: {
      active: { en: 'Active', hr: 'Aktivna' },
      blocked: { en: 'Blocked', hr: 'Blokirana' },
      lost: { en: 'Lost', hr: 'Izgubljena' },
    } satisfies Record<CardStatus, Words>,
  },
);
