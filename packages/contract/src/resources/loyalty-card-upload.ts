import { z } from 'zod';
import { zIri } from '../api.ts';

/**
 * Bulk upload of loyalty cards from CSV (issue 13 §2, decision 0024): previewed first (`confirm:
 * false` writes nothing), then written all at once, with a record in the imports history.
 */
export const cardUploadLimits = {
  /** Data rows of one file (the header not counted). */
  rows: 20_000,
  /** The file's text, in bytes as UTF-8. */
  bytes: 5 * 1024 * 1024,
} as const;

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
  /** The CSV's text (UTF-8, a BOM allowed), `;` or `,` separated, a header row first. */
  content: z.string(),
  /** Every row's loyalty owner, chosen on the screen. */
  owner: zIri('loyalty-owners'),
  /** false: a preview, nothing written; true: write the valid rows and record the import. */
  confirm: z.boolean(),
});
export type CardUploadRequest = z.infer<typeof cardUploadRequest>;

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
  /** The holder found by e-mail, for the preview. */
  holderName: z.string().nullable().optional(),
  errors: z.array(importRowError),
});
export type ImportRow = z.infer<typeof importRow>;

/** The preview: nothing is written. */
export const cardUploadPreview = z.object({
  fileName: z.string(),
  /** The file's columns as understood, and headers it had that are not used. */
  columns: z.array(z.string()),
  ignoredColumns: z.array(z.string()),
  rowsRead: z.number().int(),
  rowsValid: z.number().int(),
  rowsRefused: z.number().int(),
  rows: z.array(importRow),
});
export type CardUploadPreview = z.infer<typeof cardUploadPreview>;

export const importStatuses = ['done', 'failed'] as const;

/** A record of the imports history (issue 15 §1): the refused rows with their errors in the caller's language. */
export const importRecord = z.object({
  '@id': z.string(),
  '@type': z.string(),
  id: z.number().int(),
  kind: z.string(),
  fileName: z.string(),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  rowsRefused: z.number().int(),
  status: z.enum(importStatuses),
  error: z.string().nullable(),
  refused: z.array(importRow),
  createdAt: z.string(),
});
export type ImportRecord = z.infer<typeof importRecord>;
