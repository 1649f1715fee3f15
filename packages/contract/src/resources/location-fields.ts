/**
 * The locations' fields without zod (docs/architecture.md "A field, described once"); the schemas are
 * in `locations.ts`.
 */
import { describeFields, type Words } from '../fields.ts';
import type { PaymentMethod } from './locations.ts';

/**
 * The locations' fields: their labels, the location list's columns and its file's, the import's
 * (in the template's order: the form's fields stand where the template has them), and the payment
 * methods' words. A reference's column shows its name (`cityName`, under the column key `city`); the
 * reference itself (`city`) is the form's field and the filter. The rental type on screen is the one
 * that applies (the lessor's when the location has none, drawn by the web's location list); the file
 * writes the location's own, in the lessors' words.
 */
export const locationFieldsDescription = describeFields(
  'locations',
  {
    name: {
      label: { en: 'Name', hr: 'Naziv' },
      kind: 'text',
      column: { sort: true },
      file: true,
      filter: 'partial',
      stored: true,
      import: { required: true, headers: ['location', 'lokacija'], example: 'Caffe bar Sunce' },
    },
    cityName: { label: { en: 'City', hr: 'Grad' }, kind: 'text', column: { key: 'city' }, file: true },
    // A file gives the city by its name among the shared list of cities, the lessor by its name among the company's.
    city: {
      label: { en: 'City', hr: 'Grad' },
      kind: 'text',
      filter: 'exact',
      import: { required: true, headers: ['mjesto'], example: 'Zagreb' },
    },
    lessor: { label: { en: 'Lessor', hr: 'Najmodavac' }, kind: 'text', filter: 'exact', import: { headers: ['zakupodavac'] } },
    // The form's fields, here where the import's template has them.
    street: { label: { en: 'Street', hr: 'Ulica' }, kind: 'text', stored: true, import: { example: 'Ilica 1' } },
    address: {
      label: { en: 'Address', hr: 'Adresa' },
      kind: 'text',
      file: true,
      stored: true,
      import: { example: 'Ilica 1, 10000 Zagreb' },
    },
    description: { label: { en: 'Description', hr: 'Opis' }, kind: 'text', stored: true, import: {} },
    lessorName: { label: { en: 'Lessor', hr: 'Najmodavac' }, kind: 'text', column: { key: 'lessor' }, file: true },
    active: {
      label: { en: 'Active', hr: 'Aktivna' },
      kind: 'flag',
      column: { sort: true },
      file: true,
      filter: 'boolean',
      stored: true,
      import: { headers: ['aktivan'], example: { en: 'yes', hr: 'da' } },
    },
    responsibleWorkerName: {
      label: { en: 'Responsible worker', hr: 'Odgovorni djelatnik' },
      kind: 'text',
      column: { key: 'responsibleWorker' },
      file: true,
    },
    rentalType: {
      label: { en: 'Rental type', hr: 'Vrsta najma' },
      kind: 'words',
      words: 'lessors.rentalTypes',
      column: {},
      file: true,
      stored: true,
      import: { headers: ['tip najma'], example: { en: 'fixed', hr: 'fiksni' } },
    },
    contractRentalAmountCents: {
      label: { en: 'Contract rental amount', hr: 'Ugovoreni iznos najma' },
      kind: 'money',
      // The amount that applies, the lessor's when the location has none.
      column: { hidden: true, from: 'rentalTerms.contractRentalAmountCents.value' },
      stored: true,
      import: { headers: ['rent', 'rental amount', 'najamnina'], hr: 'iznos najma', example: '150,00' },
    },
    incomeLimitCents: {
      label: { en: 'Income limit', hr: 'Granica prihoda' },
      kind: 'money',
      stored: true,
      import: { headers: ['prag prihoda'], hr: 'limit prihoda' },
    },
    // A file writes it as a percent (`5`, `5 %`).
    rentalPercentage: {
      label: { en: 'Rental percentage', hr: 'Postotak najma' },
      kind: 'decimal',
      import: { headers: ['rent %', 'postotak'] },
    },
    paymentMethod: {
      label: { en: 'Payment method', hr: 'Način plaćanja' },
      kind: 'words',
      words: 'paymentMethods',
      file: true,
      stored: true,
      import: { headers: ['nacin placanja'], example: { en: 'cash', hr: 'gotovina' }, after: 'fiscalization' },
    },
    fiscalization: {
      label: { en: 'Fiscalisation', hr: 'Fiskalizacija' },
      kind: 'flag',
      file: true,
      stored: true,
      import: { example: { en: 'yes', hr: 'da' } },
    },
    premisesLabel: {
      label: { en: 'Business premises label', hr: 'Oznaka poslovnog prostora' },
      kind: 'text',
      file: true,
      stored: true,
      import: { headers: ['poslovni prostor'], example: 'PP1' },
    },
    latitude: {
      label: { en: 'Latitude', hr: 'Geografska širina' },
      kind: 'decimal',
      stored: true,
      import: { headers: ['lat', 'širina', 'sirina'], example: { en: '45.8131', hr: '45,8131' } },
    },
    longitude: {
      label: { en: 'Longitude', hr: 'Geografska dužina' },
      kind: 'decimal',
      stored: true,
      import: { headers: ['lng', 'lon', 'dužina', 'duzina'], example: { en: '15.9775', hr: '15,9775' } },
    },
    devicesCount: { label: { en: 'Devices', hr: 'Uređaji' }, kind: 'count', column: {}, file: true },
    tags: { label: { en: 'Tags', hr: 'Oznake' }, kind: 'text', column: {}, filter: 'exact' },
    // The form's fields and the filters the list leaves to the API and the table.
    responsibleWorker: { label: { en: 'Responsible worker', hr: 'Odgovorni djelatnik' }, kind: 'text', filter: 'exact' },
    company: { label: { en: 'Company', hr: 'Tvrtka' }, kind: 'text', filter: 'exact' },
    workingHours: { label: { en: 'Working hours', hr: 'Radno vrijeme' }, kind: 'text' },
  },
  {
    paymentMethods: {
      cash: { en: 'Cash', hr: 'Gotovina' },
      card: { en: 'Card', hr: 'Kartica' },
      transfer: { en: 'Bank transfer', hr: 'Transakcijski račun' },
      other: { en: 'Other', hr: 'Ostalo' },
    } satisfies Record<PaymentMethod, Words>,
  },
);
