/**
 * The cities' fields without zod (docs/architecture.md "A field, described once"); the schemas are in
 * `cities.ts`.
 */
import { describeFields } from '../fields.ts';

/** The cities' fields: their labels, the city list's columns and its filter. Cities have no list file. */
export const cityFieldsDescription = describeFields('cities', {
  name: { label: { en: 'Name', hr: 'Naziv' }, kind: 'text', column: { sort: true }, filter: 'partial' },
  locationsCount: { label: { en: 'Locations', hr: 'Lokacije' }, kind: 'count', column: {} },
});
