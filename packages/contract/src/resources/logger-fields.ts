/**
 * The loggers' fields without zod (docs/architecture.md "A field, described once"); the schemas are in
 * `loggers.ts`.
 */
import { describeFields, type Words } from '../fields.ts';
import type { LoggerTransport } from './loggers.ts';

/**
 * The loggers' fields: their labels, the logger list's columns and its filters. The fitted device's
 * column shows its name (`deviceName`) and links to it, drawn by the web's logger list, as is a
 * logger never heard from. `lastTransport`: how its last batch came, HTTP or MQTT. Loggers have no list file.
 */
export const loggerFieldsDescription = describeFields(
  'loggers',
  {
    // The form's field and the All Companies view's filter.
    company: { label: { en: 'Company', hr: 'Tvrtka' }, kind: 'text', filter: 'exact' },
    imei: { label: { en: 'IMEI', hr: 'IMEI' }, kind: 'text', column: { sort: true }, filter: 'partial' },
    serial: { label: { en: 'Serial number', hr: 'Serijski broj' }, kind: 'text', column: { sort: true }, filter: 'partial' },
    firmware: { label: { en: 'Firmware', hr: 'Firmver' }, kind: 'text', column: {} },
    simNumber: { label: { en: 'SIM number', hr: 'Broj SIM kartice' }, kind: 'text', column: {} },
    device: { label: { en: 'Fitted device', hr: 'Ugrađen u uređaj' }, kind: 'text', column: { from: 'deviceName' } },
    lastSeenAt: { label: { en: 'Last seen', hr: 'Zadnje javljanje' }, kind: 'instant', column: { sort: true } },
    lastTransport: { label: { en: 'Last batch via', hr: 'Zadnji paket putem' }, kind: 'words', words: 'transports', column: {} },
    credentialIssuedAt: { label: { en: 'Credential issued', hr: 'Vjerodajnica izdana' }, kind: 'instant', column: {} },
    createdAt: { label: { en: 'Created', hr: 'Stvoreno' }, kind: 'instant', column: { sort: true, hidden: true, day: true } },
  },
  {
    transports: {
      http: { en: 'HTTP', hr: 'HTTP' },
      mqtt: { en: 'MQTT', hr: 'MQTT' },
    } satisfies Record<LoggerTransport, Words>,
  },
);
