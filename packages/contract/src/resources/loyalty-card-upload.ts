import { z } from 'zod';
import { zIri } from '../api.ts';
import { type ImportPreview, importFormats, importLimits, importPreview } from './imports.ts';

/**
 * Bulk upload of loyalty cards from CSV or XLSX (decision 0024): previewed first (`confirm:
 * false` writes nothing), then written all at once, with a record in the imports history.
 */
export const cardUploadLimits = importLimits;

/** The columns a file may have, in the template's order; `uid` and `number` are required. */
export const cardUploadColumns = ['uid', 'number', 'holderEmail', 'status', 'statusReason'] as const;
export type CardUploadColumn = (typeof cardUploadColumns)[number];

/** Headers accepted for each column, compared lower-case with spaces, `_` and `-` alike. */
export const cardUploadHeaders: Record<CardUploadColumn, readonly string[]> = {
  uid: ['uid', 'chip', 'chip id', 'card uid', 'oznaka čipa', 'oznaka cipa', 'čip', 'cip'],
  number: ['number', 'card number', 'broj', 'broj kartice'],
  holderEmail: ['holderemail', 'holder email', 'holder e mail', 'email', 'e mail', 'email vlasnika', 'e mail vlasnika'],
  status: ['status', 'stanje'],
  statusReason: ['statusreason', 'status reason', 'reason', 'razlog', 'razlog statusa'],
};

/** Status values a file may use besides the API's own (`active`, `blocked`, `lost`). */
export const cardUploadStatusAliases: Record<string, 'active' | 'blocked' | 'lost'> = {
  aktivna: 'active',
  aktivan: 'active',
  blokirana: 'blocked',
  blokiran: 'blocked',
  izgubljena: 'lost',
  izgubljen: 'lost',
};

export const cardUploadRequest = z.strictObject({
  fileName: z.string().trim().min(1).max(255),
  /**
   * The file: a CSV's text (UTF-8, a BOM allowed), `;` or `,` separated, a header row first; or,
   * with `format: 'xlsx'`, the workbook's bytes as base64 (its first sheet, a header row first).
   */
  content: z.string(),
  /** `csv` unless told (the browser sends `xlsx` for a file named `.xlsx`), as `POST /imports`. */
  format: z.enum(importFormats).optional(),
  /** Every row's loyalty owner, chosen on the screen. */
  owner: zIri('loyalty-owners'),
  /** false: a preview, nothing written; true: write the valid rows and record the import. */
  confirm: z.boolean(),
});
export type CardUploadRequest = z.infer<typeof cardUploadRequest>;

/** The preview: nothing is written (the imports' shape, decision 0027). */
export const cardUploadPreview = importPreview;
export type CardUploadPreview = ImportPreview;
