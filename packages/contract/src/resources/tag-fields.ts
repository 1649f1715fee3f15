/**
 * The tags' fields without zod (docs/architecture.md "A field, described once"); the schemas are in
 * `tags.ts`.
 */
import { describeFields } from '../fields.ts';

/** The tags' fields: their labels, the tag list's columns and its filter. Tags have no list file. */
export const tagFieldsDescription = describeFields('tags', {
  // The form's field (an admin's choice of company) and the All Companies view's filter.
  company: { label: { en: 'Company', hr: 'Tvrtka' }, kind: 'text', filter: 'exact' },
  name: { label: { en: 'Name', hr: 'Naziv' }, kind: 'text', column: { sort: true }, filter: 'partial' },
  colour: { label: { en: 'Colour', hr: 'Boja' }, kind: 'text', column: { hidden: true } },
  devicesCount: { label: { en: 'Devices', hr: 'Uređaji' }, kind: 'count', column: {} },
  locationsCount: { label: { en: 'Locations', hr: 'Lokacije' }, kind: 'count', column: {} },
});
