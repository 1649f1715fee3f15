/**
 * The devices' terms without zod (the web's first paint validates the logistic report's search with
 * them, decision 0016); the schemas are in `devices.ts`.
 */
import { describeFields, type Words } from '../fields.ts';

/** Device groups (docs/rules.md "Money reports", logistic report); the logistic report groups by them. */
export const deviceGroups = ['saldo_reducer', 'monster', 'prize_device', 'kiddie_ride', 'vending', 'other'] as const;
export type DeviceGroup = (typeof deviceGroups)[number];

/**
 * The devices' fields (docs/architecture.md "A field, described once"): their labels, the device
 * list's columns and its file's, the import's, and the groups' words. Columns without a field of the item (the
 * state, the cash in the box, the tags) are drawn by the web's device list.
 */
export const deviceFieldsDescription = describeFields(
  'devices',
  {
    name: {
      label: { en: 'Name', hr: 'Naziv' },
      kind: 'text',
      column: { sort: true },
      file: true,
      filter: 'partial',
      stored: true,
      import: { required: true, headers: ['device', 'uređaj', 'uredaj'], example: 'Flipper 1' },
    },
    // A file writes the group by its API name (`prize_device`, spaces allowed) or in Croatian (`deviceImportGroupAliases`).
    group: {
      label: { en: 'Group', hr: 'Grupa' },
      kind: 'words',
      words: 'groups',
      column: { sort: true },
      file: true,
      filter: 'exact',
      stored: true,
      import: { required: true, hr: 'vrsta', example: { en: 'prize_device', hr: 'uređaj s nagradama' } },
    },
    imei: { label: { en: 'IMEI', hr: 'IMEI' }, kind: 'text', column: {}, file: true },
    locationName: { label: { en: 'Location', hr: 'Lokacija' }, kind: 'text', column: { key: 'location' }, file: true },
    // A file gives the location by its name among the company's.
    location: { label: { en: 'Location', hr: 'Lokacija' }, kind: 'text', filter: 'exact', import: { example: 'Caffe bar Sunce' } },
    status: { label: { en: 'Status', hr: 'Stanje' }, kind: 'text', column: {} },
    cashInBoxCents: { label: { en: 'Cash in box', hr: 'Novac u kasici' }, kind: 'money', column: { from: 'state.cashInBoxCents' } },
    // Shown on demand (Columns): at 1280 px the list's default columns leave room for the fill and the selection.
    tokensInBox: {
      label: { en: 'Tokens in box', hr: 'Žetoni u kasici' },
      kind: 'count',
      column: { from: 'state.tokensInBox', hidden: true },
    },
    lastEmptiedAt: { label: { en: 'Last emptied', hr: 'Zadnje pražnjenje' }, kind: 'instant', column: { from: 'state.lastEmptiedAt' } },
    // The cash box's outlook (docs/rules.md "Cash box outlook"): how full it is, the day it is forecast full, the cash expected in it.
    fillPercent: { label: { en: 'Fill', hr: 'Popunjenost' }, kind: 'count', column: { from: 'state.fillPercent' } },
    fullOn: { label: { en: 'Full on', hr: 'Puna do' }, kind: 'date', column: { from: 'state.fullOn', hidden: true } },
    expectedCashCents: {
      label: { en: 'Expected cash', hr: 'Očekivani novac' },
      kind: 'money',
      column: { from: 'state.expectedCashCents', hidden: true },
    },
    playPriceCents: {
      label: { en: 'Play price', hr: 'Cijena igre' },
      kind: 'money',
      column: { sort: true, hidden: true },
      file: true,
      stored: true,
      import: { headers: ['price', 'cijena'], example: '1,00' },
    },
    // The company's token value when a file gives none.
    tokenValueCents: {
      label: { en: 'Token value', hr: 'Vrijednost žetona' },
      kind: 'money',
      column: { hidden: true },
      file: true,
      stored: true,
      import: { headers: ['vrijednost zetona', 'žeton', 'zeton'] },
    },
    cashBoxCapacityCents: {
      label: { en: 'Cash box capacity', hr: 'Kapacitet kasice' },
      kind: 'money',
      column: { hidden: true },
      file: true,
      stored: true,
      import: { headers: ['kapacitet kase'], hr: 'kapacitet blagajne' },
    },
    tags: { label: { en: 'Tags', hr: 'Oznake' }, kind: 'text', column: {}, filter: 'exact' },
    // A file gives the logger by its IMEI or serial number among the company's; the template has it after the location.
    logger: {
      label: { en: 'Logger', hr: 'Logger' },
      kind: 'text',
      filter: 'exact',
      import: { headers: ['logger imei', 'logger serial', 'imei', 'serial'], hr: 'serijski broj', after: 'location' },
    },
    premisesLabel: {
      label: { en: 'Business premises label', hr: 'Oznaka poslovnog prostora' },
      kind: 'text',
      file: true,
      stored: true,
      import: { headers: ['poslovni prostor'] },
    },
    isuNumber: {
      label: { en: 'ISU number', hr: 'ISU broj' },
      kind: 'text',
      file: true,
      stored: true,
      import: { headers: ['isu', 'naplatni uređaj'], hr: 'oznaka naplatnog uređaja' },
    },
    // The machine's and its control board's serials (an audit's ID101, CB101): its audits are matched by them (docs/rules.md "Machine audits").
    machineSerial: { label: { en: 'Machine serial number', hr: 'Serijski broj automata' }, kind: 'text', stored: true },
    boardSerial: { label: { en: 'Control board serial number', hr: 'Serijski broj upravljačke ploče' }, kind: 'text', stored: true },
    fiscalizeApplied: { label: { en: 'Fiscalized', hr: 'Fiskalizira se' }, kind: 'flag', column: { hidden: true }, file: true },
    createdAt: { label: { en: 'Created', hr: 'Stvoreno' }, kind: 'instant', column: { sort: true, hidden: true, day: true }, file: true },
    // The form's fields, the filters' and the device page's facts (`critical`, `serviceMode`: the state now).
    company: { label: { en: 'Company', hr: 'Tvrtka' }, kind: 'text', filter: 'exact' },
    // On, off or as the location (`inherit`); a file may write `da`, `ne`, `lokacija` (`deviceImportFiscalizeAliases`).
    fiscalize: {
      label: { en: 'Fiscalize', hr: 'Fiskalizacija' },
      kind: 'text',
      stored: true,
      import: { headers: ['fiscalization', 'fiskalizirati'], example: { en: 'inherit', hr: 'prema lokaciji' } },
    },
    critical: { label: { en: 'Critical', hr: 'Kritično' }, kind: 'flag', filter: 'boolean' },
    serviceMode: { label: { en: 'Service mode', hr: 'Servisni način rada' }, kind: 'flag', filter: 'boolean' },
    lastSeenAt: { label: { en: 'Last heard from', hr: 'Zadnje javljanje' }, kind: 'instant' },
    criticalCode: { label: { en: 'Alarm code', hr: 'Kôd alarma' }, kind: 'text' },
    criticalSince: { label: { en: 'Critical since', hr: 'Kritično od' }, kind: 'instant' },
    serviceSince: { label: { en: 'In service mode since', hr: 'U servisnom načinu rada od' }, kind: 'instant' },
  },
  {
    groups: {
      saldo_reducer: { en: 'Saldo reducer', hr: 'Saldo reduktor' },
      monster: { en: 'Monster', hr: 'Monster' },
      prize_device: { en: 'Prize device', hr: 'Uređaj s nagradama' },
      kiddie_ride: { en: 'Kiddie ride', hr: 'Dječja vozilica' },
      vending: { en: 'Vending', hr: 'Prodajni automat' },
      other: { en: 'Other', hr: 'Ostalo' },
    } satisfies Record<DeviceGroup, Words>,
  },
);
