/**
 * The transactions' fields without zod (docs/architecture.md "A field, described once"); the schema is
 * in `transactions.ts`.
 */
import { describeFields, type Words } from '../fields.ts';
import type { TransactionType } from './transactions.ts';

/**
 * The transactions' fields: their labels, the transaction list's columns and its file's, and the
 * types' words. A reference's column shows its name (`deviceName`, under the column key `device`);
 * the reference itself (`device`) is the filter and the import's column (by name). A file's id of a
 * transaction and its card are the import's columns only. Who gave a free ride or a reset (`source`) is drawn
 * by the web's transaction list; the period (`at`) is its filter of days.
 */
export const transactionFieldsDescription = describeFields(
  'transactions',
  {
    // A file's own id of each transaction in the other system, only imported: the key that makes a
    // second import of the same file write nothing.
    externalId: {
      label: { en: 'Transaction ID', hr: 'ID transakcije' },
      kind: 'text',
      import: {
        column: 'id',
        required: true,
        headers: ['transactionid', 'external id', 'source id', 'broj transakcije', 'oznaka transakcije'],
        example: 'A-100231',
      },
    },
    // A file writes the time as ISO or `dd.MM.yyyy HH:mm` in Zagreb's local time.
    at: {
      label: { en: 'Time', hr: 'Vrijeme' },
      kind: 'instant',
      column: { sort: true },
      file: true,
      filter: 'range',
      import: {
        column: 'time',
        required: true,
        headers: ['at', 'date', 'date time', 'datetime', 'timestamp', 'datum'],
        hr: 'datum i vrijeme',
        example: '21.11.2026 09:59',
      },
    },
    deviceName: { label: { en: 'Device', hr: 'Uređaj' }, kind: 'text', column: { key: 'device' }, file: true },
    // A file gives the device by its name or its logger's IMEI or serial number.
    device: {
      label: { en: 'Device', hr: 'Uređaj' },
      kind: 'text',
      filter: 'exact',
      import: {
        required: true,
        headers: ['device name', 'uredaj', 'naziv uređaja', 'automat', 'logger', 'imei', 'serial'],
        example: 'Flipper 1',
      },
    },
    locationName: { label: { en: 'Location', hr: 'Lokacija' }, kind: 'text', column: { key: 'location' }, file: true },
    location: { label: { en: 'Location', hr: 'Lokacija' }, kind: 'text', filter: 'exact' },
    type: {
      label: { en: 'Type', hr: 'Vrsta' },
      kind: 'words',
      words: 'types',
      column: {},
      file: true,
      filter: 'exact',
      import: { required: true, headers: ['transaction type', 'tip', 'vrsta transakcije'], example: { en: 'coin', hr: 'kovanica' } },
    },
    source: { label: { en: 'Given', hr: 'Dano' }, kind: 'text', column: {} },
    // A file writes the whole transaction's amount in euros, and how many coins, notes, tokens or prizes it was.
    amountCents: {
      label: { en: 'Amount', hr: 'Iznos' },
      kind: 'money',
      column: { sort: true },
      file: true,
      import: { headers: ['value', 'amount eur', 'vrijednost', 'iznos eur'], example: '2,00' },
    },
    count: {
      label: { en: 'Count', hr: 'Količina' },
      kind: 'count',
      column: {},
      file: true,
      import: { headers: ['quantity', 'qty', 'kolicina', 'broj komada', 'komada'], example: '2' },
    },
    test: { label: { en: 'Test play', hr: 'Testna igra' }, kind: 'flag', column: {}, file: true, filter: 'boolean' },
    seq: { label: { en: 'Sequence number', hr: 'Redni broj' }, kind: 'count', column: { hidden: true }, file: true },
    // A card payment's card by its chip id, only imported.
    card: {
      label: { en: 'Card', hr: 'Kartica' },
      kind: 'text',
      import: { headers: ['card uid', 'carduid', 'uid kartice', 'čip kartice'] },
    },
  },
  {
    types: {
      coin: { en: 'Coin', hr: 'Kovanica' },
      note: { en: 'Banknote', hr: 'Novčanica' },
      token: { en: 'Token', hr: 'Žeton' },
      cashless: { en: 'Cashless', hr: 'Bezgotovinsko' },
      card: { en: 'Loyalty card', hr: 'Kartica vjernosti' },
      free_ride: { en: 'Free ride', hr: 'Besplatna vožnja' },
      reset: { en: 'Reset', hr: 'Resetiranje' },
      prize_out: { en: 'Prize out', hr: 'Izdana nagrada' },
    } satisfies Record<TransactionType, Words>,
  },
);
