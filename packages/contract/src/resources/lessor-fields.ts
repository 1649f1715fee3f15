/**
 * The lessors' fields without zod (docs/architecture.md "A field, described once"); the schemas are
 * in `lessors.ts`.
 */
import { describeFields, type Words } from '../fields.ts';
import type { ContractState } from './lessors.ts';
import type { RentalType } from './shared.ts';

/**
 * The lessors' fields: their labels, the lessor list's columns and its file's, and the words of the
 * rental types (a location's too) and of the contracts' states. The list's filters of days
 * (`contractEnd[gte]`, `contractEnd[lte]`) are drawn by the web's lessor list.
 */
export const lessorFieldsDescription = describeFields(
  'lessors',
  {
    name: { label: { en: 'Name', hr: 'Naziv' }, kind: 'text', column: { sort: true }, file: true, filter: 'partial', stored: true },
    oib: { label: { en: 'OIB', hr: 'OIB' }, kind: 'text', column: {}, file: true, filter: 'exact', stored: true },
    contractStart: {
      label: { en: 'Contract start', hr: 'Početak ugovora' },
      kind: 'date',
      column: { sort: true },
      file: true,
      stored: true,
    },
    contractEnd: {
      label: { en: 'Contract end', hr: 'Kraj ugovora' },
      kind: 'date',
      column: { sort: true },
      file: true,
      filter: 'range',
      stored: true,
    },
    contractState: {
      label: { en: 'Contract', hr: 'Ugovor' },
      kind: 'words',
      words: 'contractStates',
      column: { hidden: true },
      file: true,
    },
    rentalType: {
      label: { en: 'Rental type', hr: 'Vrsta najma' },
      kind: 'words',
      words: 'rentalTypes',
      column: {},
      file: true,
      filter: 'exact',
      stored: true,
    },
    rentalPercentage: { label: { en: 'Rental percentage', hr: 'Postotak najma' }, kind: 'decimal', column: {}, file: true },
    contractRentalAmountCents: {
      label: { en: 'Contract rental amount', hr: 'Ugovoreni iznos najma' },
      kind: 'money',
      column: {},
      file: true,
      stored: true,
    },
    incomeLimitCents: { label: { en: 'Income limit', hr: 'Granica prihoda' }, kind: 'money', column: {}, file: true, stored: true },
    // A term of the contract, on the lessor's page; the list keeps to what sets the rent (1280 px).
    paymentInsuranceCents: {
      label: { en: 'Payment insurance', hr: 'Jamstvo plaćanja' },
      kind: 'money',
      column: { hidden: true },
      stored: true,
    },
    locationsCount: { label: { en: 'Locations', hr: 'Lokacije' }, kind: 'count', column: {}, file: true },
    // The form's field and the All Companies view's filter.
    company: { label: { en: 'Company', hr: 'Tvrtka' }, kind: 'text', filter: 'exact' },
  },
  {
    rentalTypes: {
      fixed: { en: 'Fixed', hr: 'Fiksni' },
      percentage: { en: 'Percentage', hr: 'Postotak' },
      mixed: { en: 'Mixed', hr: 'Mješoviti' },
    } satisfies Record<RentalType, Words>,
    contractStates: {
      none: { en: 'No contract dates', hr: 'Bez datuma ugovora' },
      future: { en: 'Not started', hr: 'Nije započeo' },
      active: { en: 'Active', hr: 'Aktivan' },
      ending: { en: 'Ending soon', hr: 'Uskoro istječe' },
      ended: { en: 'Ended', hr: 'Istekao' },
    } satisfies Record<ContractState, Words>,
  },
);
