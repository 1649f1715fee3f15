/**
 * The visits' fields without zod (docs/architecture.md "A field, described once"): their labels, which
 * the audit trail names a visit's and its stops' recorded fields with. The schemas are in `visits.ts`.
 */
import { describeFields } from '../fields.ts';

export const visitFieldsDescription = describeFields('visits', {
  company: { label: { en: 'Company', hr: 'Tvrtka' }, kind: 'text' },
  day: { label: { en: 'Day', hr: 'Dan' }, kind: 'date' },
  worker: { label: { en: 'Worker', hr: 'Radnik' }, kind: 'text' },
  startLat: { label: { en: 'Start latitude', hr: 'Geografska širina polazišta' }, kind: 'decimal' },
  startLng: { label: { en: 'Start longitude', hr: 'Geografska dužina polazišta' }, kind: 'decimal' },
  distanceMetres: { label: { en: 'Route (metres)', hr: 'Ruta (metri)' }, kind: 'count' },
  createdBy: { label: { en: 'Planned by', hr: 'Planirao/la' }, kind: 'text' },
  createdAt: { label: { en: 'Planned', hr: 'Planirano' }, kind: 'instant' },
  // A stop's fields, recorded when it is done.
  visit: { label: { en: 'Visit', hr: 'Obilazak' }, kind: 'text' },
  device: { label: { en: 'Device', hr: 'Uređaj' }, kind: 'text' },
  location: { label: { en: 'Location', hr: 'Lokacija' }, kind: 'text' },
  position: { label: { en: 'Stop no.', hr: 'Br. stanice' }, kind: 'count' },
  reasons: { label: { en: 'Why due', hr: 'Zašto' }, kind: 'text' },
  expectedCents: { label: { en: 'Expected cash', hr: 'Očekivani novac' }, kind: 'money' },
  fillPercent: { label: { en: 'Fill (%)', hr: 'Popunjenost (%)' }, kind: 'count' },
  fullOn: { label: { en: 'Full on', hr: 'Puna dana' }, kind: 'date' },
  status: { label: { en: 'Status', hr: 'Status' }, kind: 'text' },
  doneAt: { label: { en: 'Done at', hr: 'Obavljeno' }, kind: 'instant' },
  doneBy: { label: { en: 'Done by', hr: 'Obavio/la' }, kind: 'text' },
  emptying: { label: { en: 'Emptying', hr: 'Pražnjenje' }, kind: 'text' },
  deposit: { label: { en: 'Deposit', hr: 'Polog' }, kind: 'text' },
  note: { label: { en: 'Note', hr: 'Napomena' }, kind: 'text' },
});
