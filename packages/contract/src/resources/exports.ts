import { z } from 'zod';
import type { ModuleComponent, Permission } from '../access.ts';
import { collectionOf } from '../api.ts';
import { languages } from '../languages.ts';
import { comparativeQuery, financeQuery, logisticQuery } from './finance.ts';
import { loyaltyCardReportQuery, loyaltyGeneralQuery, loyaltyHolderReportQuery, loyaltyOwnerQuery } from './loyalty-reports.ts';
import { productSalesQuery } from './planograms.ts';
import { vatBookQuery } from './vat-book.ts';

/**
 * Files built in the background (decision 0021; decision 0026's `/exports/generate` adds data
 * sets): `POST /exports` asks for one and answers 202 with it queued; `GET /exports/{id}` tells its
 * status and progress; `GET /exports/{id}/file` is the file once done. Files are kept 7 days.
 */
/**
 * The lists of the app an export can hold (decision 0026): each is its list's own rows
 * (`GET /<kind>` with the same filters, every page), as CSV or XLSX.
 */
export const listExportKinds = [
  'devices',
  'transactions',
  'deposits',
  'bills',
  'loyalty-cards',
  'card-transactions',
  'top-ups',
  'articles',
  'repositories',
  'locations',
  'lessors',
  'alarms',
] as const;
export type ListExportKind = (typeof listExportKinds)[number];
/**
 * The reports an export can hold (decision 0026): each built from the service its screen reads (the same
 * figures), its params the screen's query without paging, as CSV, XLSX or PDF.
 */
export const reportExportKinds = [
  'finance-report',
  'token-report',
  'logistic-report',
  'comparative-analysis',
  'loyalty-report-general',
  'loyalty-report-owners',
  'loyalty-report-cards',
  'loyalty-report-holders',
  'vat-book',
  'product-sales',
] as const;
export type ReportExportKind = (typeof reportExportKinds)[number];
export const exportKinds = [...reportExportKinds, ...listExportKinds] as const;
export type ExportKind = (typeof exportKinds)[number];
export const exportFormats = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof exportFormats)[number];
/** The formats of a list (a PDF is for reports). */
export const listExportFormats = ['csv', 'xlsx'] as const;

/** What a user needs to export a data set: what reading it needs (its list's or report's permission, module and component). */
export const exportPermission = (kind: ExportKind): Permission =>
  kind === 'finance-report' ||
  kind === 'token-report' ||
  kind === 'logistic-report' ||
  kind === 'comparative-analysis' ||
  kind === 'product-sales'
    ? 'finance.read'
    : kind.startsWith('loyalty-report-')
      ? 'loyalty-reports.read'
      : kind === 'vat-book'
        ? 'bills.read'
        : (`${kind}.read` as Permission);
/** The module component a report's screen needs beside its permission (the comparative analysis's). */
export const exportComponent: Partial<Record<ReportExportKind, ModuleComponent>> = { 'comparative-analysis': 'finance.comparative' };

/** The filter of a data set's range (its list's date filter, `field[after]` … `field[before]`); none for lists without dates. */
export const exportRangeField: Partial<Record<ListExportKind, string>> = {
  alarms: 'raisedAt',
  transactions: 'at',
  deposits: 'at',
  bills: 'issuedAt',
  'card-transactions': 'at',
  'top-ups': 'at',
};

/** The most lines an export of a list holds (a longer one is narrowed by its range or filters). */
export const EXPORT_MAX_ROWS = 2_000_000;
export const exportStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof exportStatuses)[number];

/** How long a built file is kept, in days. */
export const EXPORT_KEEP_DAYS = 7;
/** The most lines a PDF holds (a longer report is for XLSX or CSV, or a narrower query). */
export const EXPORT_PDF_MAX_LINES = 5_000;

/** The finance report's query as the screen asks it, without its paging: the export has every line. */
export const financeExportParams = financeQuery.omit({ page: true, itemsPerPage: true, client: true });
export type FinanceExportParams = z.infer<typeof financeExportParams>;
/** The token report's (the finance report's figures by location, device or lessor). */
export const tokenExportParams = financeExportParams.extend({ subject: z.enum(['location', 'device', 'lessor']) });
export const logisticExportParams = logisticQuery.omit({ page: true, itemsPerPage: true, client: true });
export const comparativeExportParams = comparativeQuery.omit({ page: true, itemsPerPage: true, client: true });
export const loyaltyGeneralExportParams = loyaltyGeneralQuery.omit({ client: true });
export const loyaltyOwnersExportParams = loyaltyOwnerQuery.omit({ page: true, itemsPerPage: true, client: true });
export const loyaltyCardsExportParams = loyaltyCardReportQuery.omit({ page: true, itemsPerPage: true, client: true });
export const loyaltyHoldersExportParams = loyaltyHolderReportQuery.omit({ page: true, itemsPerPage: true, client: true });
/** The VAT book's: its month and company (it has no paging). */
export const vatBookExportParams = vatBookQuery.omit({ client: true });
/** The product sales report's (docs/rules.md "Planograms and audit sales"): its range and filters. */
export const productSalesExportParams = productSalesQuery.omit({ client: true });

/** Each report's params: its screen's query without its paging. */
export const reportExportParams = {
  'finance-report': financeExportParams,
  'token-report': tokenExportParams,
  'logistic-report': logisticExportParams,
  'comparative-analysis': comparativeExportParams,
  'loyalty-report-general': loyaltyGeneralExportParams,
  'loyalty-report-owners': loyaltyOwnersExportParams,
  'loyalty-report-cards': loyaltyCardsExportParams,
  'loyalty-report-holders': loyaltyHoldersExportParams,
  'vat-book': vatBookExportParams,
  'product-sales': productSalesExportParams,
} as const satisfies Record<ReportExportKind, z.ZodType>;
export type ReportExportParams<K extends ReportExportKind> = z.infer<(typeof reportExportParams)[K]>;

const reportRequest = <K extends ReportExportKind>(kind: K) =>
  z.strictObject({ kind: z.literal(kind), format: z.enum(exportFormats), params: reportExportParams[kind] });

/**
 * A list's filters as its query string has them (`location`, `at[after]`, `tags[]`: a value or
 * several); which ones it has, and their values, are checked by the list's own query parser, without
 * its paging and order (an export has every row, in the list's order).
 */
export const listExportParams = z
  .record(z.string().min(1).max(60), z.union([z.string().max(200), z.array(z.string().max(200)).max(100)]))
  .refine((params) => Object.keys(params).length <= 30, { message: 'too_many' });
export type ListExportParams = z.infer<typeof listExportParams>;

export const exportRequest = z.discriminatedUnion('kind', [
  reportRequest('finance-report'),
  reportRequest('token-report'),
  reportRequest('logistic-report'),
  reportRequest('comparative-analysis'),
  reportRequest('loyalty-report-general'),
  reportRequest('loyalty-report-owners'),
  reportRequest('loyalty-report-cards'),
  reportRequest('loyalty-report-holders'),
  reportRequest('vat-book'),
  reportRequest('product-sales'),
  z.strictObject({
    kind: z.enum(listExportKinds),
    format: z.enum(listExportFormats),
    params: listExportParams.default({}),
  }),
]);
export type ExportRequest = z.infer<typeof exportRequest>;

export const exportItem = z.object({
  '@id': z.string(),
  '@type': z.literal('Export'),
  id: z.number().int(),
  kind: z.enum(exportKinds),
  format: z.enum(exportFormats),
  params: z.record(z.string(), z.unknown()),
  /** The language of its headers and names: the user's when asked. */
  language: z.enum(languages),
  status: z.enum(exportStatuses),
  /** 0–100. */
  progress: z.number().int(),
  /** Lines written (the report's lines, without the header and the totals). */
  rows: z.number().int().nullable(),
  fileName: z.string().nullable(),
  /** The file's size in bytes, once done. */
  size: z.number().int().nullable(),
  /** Why it failed, in its language. */
  error: z.string().nullable(),
  /** The file's address once done, else null. */
  file: z.string().nullable(),
  user: z.string(),
  /** Who asked for it (their name and surname), for the admin's list of everyone's exports. */
  userName: z.string(),
  company: z.string().nullable(),
  /**
   * What it holds, in the reader's words (docs/api.md, "Exports: what a file says it holds"): the
   * company (name and OIB), the report or list, the period, every filter by its label and value (names,
   * not ids; none: a file of every row), who asked. Its file starts with the same lines.
   */
  about: z.object({
    company: z.string(),
    report: z.string(),
    period: z.string(),
    filters: z.array(z.object({ label: z.string(), value: z.string() })),
    madeBy: z.string(),
  }),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type ExportItem = z.infer<typeof exportItem>;

export const exportCollection = collectionOf(exportItem);

export const exportsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000).optional(),
  itemsPerPage: z.coerce.number().int().min(1).max(100).optional(),
  client: z.string().optional(),
});
export type ExportsQuery = z.infer<typeof exportsQuery>;

/** The MIME type of each format. */
export const exportContentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};
