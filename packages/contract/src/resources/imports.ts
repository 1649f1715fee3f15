import { z } from 'zod';
import { type CollectionSpec, collectionOf, itemMeta, zIri } from '../api.ts';
import { type ImportColumns, importColumnsOf } from '../fields.ts';
import { defineResource } from '../resource.ts';
import { articleFieldsDescription } from './article-fields.ts';
import { deviceFieldsDescription } from './device-fields.ts';
import { locationFieldsDescription } from './location-fields.ts';
import { transactionFieldsDescription } from './transaction-fields.ts';

/**
 * Imports (decisions 0024, 0027): a CSV file previewed row by row with the API's own
 * create schemas (nothing written), then written all or nothing and recorded in the imports history
 * (`GET /imports`), whose refused rows and failure read in the caller's language.
 */

/** What an import brings in. `loyalty-cards` go through `POST /loyalty-cards/upload` (their owner is chosen there). */
export const importKinds = ['loyalty-cards', 'articles', 'locations', 'devices', 'transactions'] as const;
export type ImportKind = (typeof importKinds)[number];
/** The kinds `POST /imports` takes. */
export const importRequestKinds = ['articles', 'locations', 'devices', 'transactions'] as const;
export type ImportRequestKind = (typeof importRequestKinds)[number];

export const importLimits = {
  /** Data rows of one file (the header not counted). */
  rows: 20_000,
  /** The file's text, in bytes as UTF-8. */
  bytes: 5 * 1024 * 1024,
} as const;

/**
 * Articles: prices in euros as a person writes them (`1,20` or `1.20`), net or gross of each pair
 * (the other is computed at the VAT rate, like the form); the unit in English or Croatian.
 */
export const articleImportColumns = importColumnsOf(articleFieldsDescription);

/** Units a file may use besides the API's own (`pcs`, `pack`, `box`, `kg`, `l`). */
export const articleImportUnitAliases: Record<string, string> = {
  kom: 'pcs',
  komad: 'pcs',
  pak: 'pack',
  paket: 'pack',
  kutija: 'box',
};

/** Yes and no as a file may write them (English and Croatian); anything else is refused as `boolean`. */
export const importBooleanAliases: Record<string, boolean> = {
  yes: true,
  no: false,
  true: true,
  false: false,
  '1': true,
  '0': false,
  y: true,
  n: false,
  da: true,
  ne: false,
};

/**
 * Locations: the city by its name (the shared list of cities), the lessor by its name among the
 * company's; amounts in euros, the rent percentage as a percent; `active` and `fiscalization` yes or
 * no (`da`/`ne`). Working hours, the responsible worker and tags are set in the form afterwards.
 */
export const locationImportColumns = importColumnsOf(locationFieldsDescription);

/** Rental types a file may write besides the API's own (`fixed`, `percentage`, `mixed`). */
export const locationImportRentalAliases: Record<string, string> = {
  fiksni: 'fixed',
  fiksno: 'fixed',
  postotak: 'percentage',
  postotni: 'percentage',
  mješoviti: 'mixed',
  mjesoviti: 'mixed',
};

/** Payment methods a file may write besides the API's own (`cash`, `card`, `transfer`, `other`). */
export const locationImportPaymentAliases: Record<string, string> = {
  gotovina: 'cash',
  kartica: 'card',
  transakcijski: 'transfer',
  'transakcijski račun': 'transfer',
  virman: 'transfer',
  ostalo: 'other',
};

/**
 * Devices: the group by its API name (`prize_device`, spaces allowed) or Croatian word; the location
 * by its name among the company's; the logger by its IMEI or serial number among the company's;
 * prices in euros (the token value is the company's unless given); `fiscalize` on, off or inherit
 * (`da`, `ne`, `lokacija`).
 */
export const deviceImportColumns = importColumnsOf(deviceFieldsDescription);

/** Device groups a file may write besides the API's own names (spaces and dashes read as `_`). */
export const deviceImportGroupAliases: Record<string, string> = {
  'smanjivač salda': 'saldo_reducer',
  'uređaj s nagradama': 'prize_device',
  'automat s nagradama': 'prize_device',
  nagradni: 'prize_device',
  'dječja vozila': 'kiddie_ride',
  'dječje vozilo': 'kiddie_ride',
  'prodajni automat': 'vending',
  ostalo: 'other',
};

/** Fiscalization modes a file may write besides `on`, `off`, `inherit`. */
export const deviceImportFiscalizeAliases: Record<string, string> = {
  yes: 'on',
  no: 'off',
  da: 'on',
  ne: 'off',
  location: 'inherit',
  lokacija: 'inherit',
  'prema lokaciji': 'inherit',
};

/**
 * Historical transactions from another system (decision 0027, amended): its own id of each (the
 * idempotency key: a file imported again writes nothing twice), the time (ISO, or `dd.MM.yyyy HH:mm`
 * in Zagreb's local time), the device by its name or its logger's IMEI or serial number, the type
 * (the transactions' types, Croatian words too), the amount in euros (coins, notes, cashless and card
 * payments: the whole transaction's), the count (coins, notes, tokens, prizes; 1 unless given), and
 * a card payment's card chip id. Each row is checked as the telemetry event it becomes.
 */
export const transactionImportColumns = importColumnsOf(transactionFieldsDescription);

/** Transaction types a file may write besides the API's own (`coin`, `note`, `token`, `cashless`, `card`, `free_ride`, `reset`, `prize_out`). */
export const transactionImportTypeAliases: Record<string, string> = {
  kovanica: 'coin',
  kovanice: 'coin',
  novčanica: 'note',
  novcanica: 'note',
  novčanice: 'note',
  bill: 'note',
  žeton: 'token',
  zeton: 'token',
  žetoni: 'token',
  beskontaktno: 'cashless',
  bezgotovinsko: 'cashless',
  'kartično plaćanje': 'cashless',
  'loyalty card': 'card',
  'kartica vjernosti': 'card',
  kartica: 'card',
  'free ride': 'free_ride',
  'besplatna vožnja': 'free_ride',
  'besplatna igra': 'free_ride',
  poništavanje: 'reset',
  'izdana nagrada': 'prize_out',
  nagrada: 'prize_out',
  'prize out': 'prize_out',
  prize: 'prize_out',
};

/**
 * The columns of each kind `POST /imports` takes, each from its resource's description (the fields'
 * `import` entries: docs/architecture.md "A field, described once").
 */
export const importColumns: Record<ImportRequestKind, ImportColumns> = {
  articles: articleImportColumns,
  locations: locationImportColumns,
  devices: deviceImportColumns,
  transactions: transactionImportColumns,
};

/** How `content` is written: `csv` text, or an `xlsx` workbook as base64 (its first sheet is read). */
export const importFormats = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof importFormats)[number];

export const importRequest = z.strictObject({
  kind: z.enum(importRequestKinds),
  fileName: z.string().trim().min(1).max(255),
  /**
   * The file: a CSV's text (UTF-8, a BOM allowed), `;` or `,` separated, a header row first; or,
   * with `format: 'xlsx'`, the workbook's bytes as base64 (its first sheet, a header row first).
   */
  content: z.string(),
  /** `csv` unless told (the browser sends `xlsx` for a file named `.xlsx`). */
  format: z.enum(importFormats).optional(),
  /** The company the rows go to (the All Companies view); the caller's own by default. */
  company: zIri('companies').optional(),
  /** false: a preview, nothing written; true: write the valid rows and record the import. */
  confirm: z.boolean(),
});
export type ImportRequest = z.infer<typeof importRequest>;

/** Why a row (or one of its fields) is refused: a message code with its parameters, and the text in the caller's language. */
export const importRowError = z.object({
  field: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

/** One data row of a file: its line (the header is line 1), its values as read, and its errors (none: it is written). */
export const importRow = z.object({
  line: z.number().int(),
  values: z.record(z.string(), z.string()),
  /** The holder found by e-mail, for the preview (loyalty cards). */
  holderName: z.string().nullable().optional(),
  errors: z.array(importRowError),
});
export type ImportRow = z.infer<typeof importRow>;

/** The preview: every row with its errors; nothing is written. */
export const importPreview = z.object({
  fileName: z.string(),
  /** The file's columns as understood, and headers it had that are not used. */
  columns: z.array(z.string()),
  ignoredColumns: z.array(z.string()),
  rowsRead: z.number().int(),
  rowsValid: z.number().int(),
  rowsRefused: z.number().int(),
  rows: z.array(importRow),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importStatuses = ['done', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** A record of the imports history: who brought which file in, the counts, and why it failed (in the caller's language). */
export const importRecord = z.object({
  ...itemMeta,
  company: z.string(),
  user: z.string().nullable(),
  /** The uploader's name (null once the user is deleted). */
  userName: z.string().nullable(),
  kind: z.enum(importKinds),
  fileName: z.string(),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  rowsRefused: z.number().int(),
  status: z.enum(importStatuses),
  /** Why a failed import wrote nothing: a problem code, its parameters, and the text in the caller's language. */
  errorCode: z.string().nullable(),
  errorParams: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  /** The refused rows with their errors: in the item (`GET /imports/{id}`), not in the list. */
  refused: z.array(importRow).optional(),
  /** The refused rows as CSV, with their errors in the caller's language. */
  refusedCsv: z.string(),
  createdAt: z.string(),
});
export type ImportRecord = z.infer<typeof importRecord>;
export const importCollection = collectionOf(importRecord);

export const importsCollection: CollectionSpec = {
  filters: { kind: 'exact', user: 'exact', status: 'exact', company: 'exact', createdAt: 'range', fileName: 'partial' },
  order: ['id', 'createdAt', 'kind', 'fileName', 'rowsRead', 'rowsRefused'],
  defaultOrder: { createdAt: 'desc' },
};

/** Read-only here: imports are made by `POST /imports` (and the card upload), never edited or deleted. */
export const importsResource = defineResource({
  name: 'imports',
  item: importRecord,
  collection: importsCollection,
});
