/**
 * The stock repositories' fields without zod (docs/architecture.md "A field, described once"); the
 * schemas are in `repositories.ts`.
 */
import { describeFields, type Words } from '../fields.ts';
import type { RepositoryType } from './repositories.ts';

/**
 * The repositories' fields: their labels, the repository list's columns and its file's, its filters,
 * and the types' words. The responsible worker's column shows their name (`responsibleWorkerName`);
 * the reference itself (`responsibleWorker`) is the form's field and the filter. The file starts
 * with the name (the All Companies view's company follows it); the list on screen leads with the
 * type's badge.
 */
export const repositoryFieldsDescription = describeFields(
  'repositories',
  {
    // The form's field and the All Companies view's filter.
    company: { label: { en: 'Company', hr: 'Tvrtka' }, kind: 'text', filter: 'exact' },
    name: { label: { en: 'Name', hr: 'Naziv' }, kind: 'text', column: { sort: true }, file: true, filter: 'partial' },
    type: { label: { en: 'Type', hr: 'Vrsta' }, kind: 'words', words: 'types', column: { sort: true }, file: true, filter: 'exact' },
    responsibleWorkerName: {
      label: { en: 'Responsible worker', hr: 'Odgovorna osoba' },
      kind: 'text',
      column: {},
      file: true,
    },
    responsibleWorker: { label: { en: 'Responsible worker', hr: 'Odgovorna osoba' }, kind: 'text', filter: 'exact' },
    address: { label: { en: 'Address', hr: 'Adresa' }, kind: 'text', column: { hidden: true }, file: true },
    articlesInStock: { label: { en: 'Articles in stock', hr: 'Artikala na zalihi' }, kind: 'count', column: {}, file: true },
    unitsInStock: { label: { en: 'Units in stock', hr: 'Komada na zalihi' }, kind: 'count', column: {}, file: true },
    stockValueCents: { label: { en: 'Stock value', hr: 'Vrijednost zalihe' }, kind: 'money', column: {}, file: true },
  },
  {
    types: {
      warehouse: { en: 'Warehouse', hr: 'Skladište' },
      van: { en: 'Van', hr: 'Vozilo (kombi)' },
    } satisfies Record<RepositoryType, Words>,
  },
);
