/**
 * The alarms' fields without zod (docs/architecture.md "A field, described once"); the schemas are in
 * `alarms.ts`.
 */
import { describeFields, type Words } from '../fields.ts';
import type { AlarmKind, AlarmStatus } from './alarms.ts';

/**
 * The alarms' fields: their labels, the lists' columns (the open alarms and their history) and the
 * file's, the filters, and the words of the kinds and the statuses. A reference's column shows its
 * name (`deviceName`, under the column key `device`); the reference itself (`device`) is the filter.
 * What a kind's figure means (minutes, percent, prizes, cents, hours, days) is said under the kind on
 * screen; a file has the figure, the code and the lessor in columns of their own. Who acknowledged an
 * alarm, and when, is under its status on screen and in two columns of a file.
 */
export const alarmFieldsDescription = describeFields(
  'alarms',
  {
    kind: { label: { en: 'Alarm', hr: 'Alarm' }, kind: 'words', words: 'kinds', column: {}, file: true, filter: 'exact' },
    figure: { label: { en: 'Figure', hr: 'Vrijednost' }, kind: 'count', file: true },
    code: { label: { en: 'Alarm code', hr: 'Kôd alarma' }, kind: 'text', file: true },
    deviceName: { label: { en: 'Device', hr: 'Uređaj' }, kind: 'text', column: { key: 'device' }, file: true },
    device: { label: { en: 'Device', hr: 'Uređaj' }, kind: 'text', filter: 'exact' },
    locationName: { label: { en: 'Location', hr: 'Lokacija' }, kind: 'text', column: { key: 'location' }, file: true },
    location: { label: { en: 'Location', hr: 'Lokacija' }, kind: 'text', filter: 'exact' },
    lessorName: { label: { en: 'Lessor', hr: 'Najmodavac' }, kind: 'text', file: true },
    raisedAt: { label: { en: 'Raised at', hr: 'Nastao' }, kind: 'instant', column: { sort: true }, file: true, filter: 'range' },
    resolvedAt: { label: { en: 'Resolved at', hr: 'Riješen' }, kind: 'instant', column: { sort: true }, file: true },
    lossCentsPerHour: { label: { en: '€ per hour', hr: '€ po satu' }, kind: 'money', column: { sort: true }, file: true },
    status: { label: { en: 'Status', hr: 'Stanje' }, kind: 'words', words: 'statuses', column: {}, file: true, filter: 'exact' },
    acknowledgedByName: { label: { en: 'Acknowledged by', hr: 'Potvrdio/la' }, kind: 'text', file: true },
    acknowledgedAt: { label: { en: 'Acknowledged at', hr: 'Potvrđeno' }, kind: 'instant', file: true },
    escalatedAt: { label: { en: 'Sent to the managers', hr: 'Poslano voditeljima' }, kind: 'instant', file: true },
  },
  {
    kinds: {
      device_critical: { en: 'Critical device', hr: 'Kritičan uređaj' },
      device_offline: { en: 'Device offline', hr: 'Uređaj izvan mreže' },
      machine_event: { en: 'Machine event', hr: 'Događaj stroja' },
      cash_box_full: { en: 'Cash box full', hr: 'Kasica puna' },
      prize_stock_low: { en: 'Few prizes left', hr: 'Malo nagrada' },
      deposit_difference: { en: 'Deposit difference', hr: 'Razlika u pologu' },
      bill_deadline: { en: 'Bill without JIR', hr: 'Račun bez JIR-a' },
      lessor_contract_ending: { en: 'Lessor contract ending', hr: 'Ugovor s najmodavcem istječe' },
    } satisfies Record<AlarmKind, Words>,
    statuses: {
      open: { en: 'Open', hr: 'Otvoren' },
      acknowledged: { en: 'Acknowledged', hr: 'Potvrđen' },
      resolved: { en: 'Resolved', hr: 'Riješen' },
    } satisfies Record<AlarmStatus, Words>,
  },
);
