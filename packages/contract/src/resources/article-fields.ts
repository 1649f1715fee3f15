/**
 * The articles' fields without zod (docs/architecture.md "A field, described once"); the schemas are in
 * `articles.ts`.
 */
import { describeFields, type Words } from '../fields.ts';
import type { ArticleUnit } from './articles.ts';

/**
 * The articles' fields: their labels, the article list's columns and its file's, the import's, and the units' words
 * (every screen that counts stock says its unit with them). On screen the prices and values go under
 * shorter headers (`resources.articles.columns`), the web's article list's own.
 */
export const articleFieldsDescription = describeFields(
  'articles',
  {
    name: {
      label: { en: 'Name', hr: 'Naziv' },
      kind: 'text',
      column: { sort: true },
      file: true,
      filter: 'partial',
      import: { required: true, headers: ['article', 'artikl'], example: 'Gumene bombone 100 g' },
    },
    // The unit shows beside the quantity in stock.
    unit: {
      label: { en: 'Unit', hr: 'Jedinica mjere' },
      kind: 'words',
      words: 'units',
      column: { sort: true, hidden: true },
      file: true,
      filter: 'exact',
      // A file may write the unit in Croatian too (`kom`: `articleImportUnitAliases`).
      import: { required: true, headers: ['jedinica', 'jm'], example: { en: 'pcs', hr: 'kom' } },
    },
    supplier: {
      label: { en: 'Supplier', hr: 'Dobavljač' },
      kind: 'text',
      column: { sort: true },
      file: true,
      filter: 'partial',
      import: { headers: ['dobavljac'], example: 'Kraš d.d.' },
    },
    // A file writes the rate as a percent (`25`, `13,5 %`); the prices in euros, net or gross of each pair.
    vatRate: {
      label: { en: 'VAT rate', hr: 'Stopa PDV-a' },
      kind: 'decimal',
      column: { hidden: true },
      file: true,
      import: { headers: ['vat', 'pdv'], hr: 'stopa pdv', example: '25' },
    },
    purchaseNetCents: {
      label: { en: 'Purchase price (net)', hr: 'Nabavna cijena (neto)' },
      kind: 'money',
      column: {},
      file: true,
      import: { headers: ['nabavna neto'], hr: 'nabavna cijena neto', example: '0,80' },
    },
    purchaseGrossCents: {
      label: { en: 'Purchase price (gross)', hr: 'Nabavna cijena (bruto)' },
      kind: 'money',
      column: { hidden: true },
      file: true,
      import: { headers: ['nabavna bruto'], hr: 'nabavna cijena bruto' },
    },
    sellingNetCents: {
      label: { en: 'Selling price (net)', hr: 'Prodajna cijena (neto)' },
      kind: 'money',
      column: { hidden: true },
      file: true,
      import: { headers: ['prodajna neto'], hr: 'prodajna cijena neto' },
    },
    sellingGrossCents: {
      label: { en: 'Selling price (gross)', hr: 'Prodajna cijena (bruto)' },
      kind: 'money',
      column: {},
      file: true,
      import: { headers: ['prodajna bruto'], hr: 'prodajna cijena bruto', example: '2,00' },
    },
    averagePurchasePriceCents: {
      label: { en: 'Average purchase price', hr: 'Prosječna nabavna cijena' },
      kind: 'money',
      column: {},
      file: true,
    },
    quantityInStock: { label: { en: 'In stock', hr: 'Na zalihi' }, kind: 'count', column: { sort: true }, file: true },
    stockValueCents: { label: { en: 'Stock value', hr: 'Vrijednost zalihe' }, kind: 'money', column: {}, file: true },
    // The form's field and the All Companies view's filter.
    company: { label: { en: 'Company', hr: 'Tvrtka' }, kind: 'text', filter: 'exact' },
  },
  {
    units: {
      pcs: { en: 'pcs', hr: 'kom' },
      pack: { en: 'packs', hr: 'pak.' },
      box: { en: 'boxes', hr: 'kut.' },
      kg: { en: 'kg', hr: 'kg' },
      l: { en: 'l', hr: 'l' },
    } satisfies Record<ArticleUnit, Words>,
  },
);
