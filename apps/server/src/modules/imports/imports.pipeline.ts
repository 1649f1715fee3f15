import {
  type ImportColumns,
  type ImportFormat,
  type ImportKind,
  type ImportPreview,
  type ImportRecord,
  type ImportRow,
  identity,
  importHeaderKey,
  importLimits,
  iri,
  issueCode,
  type Language,
  type ProblemCode,
  problemMessage,
  type ValidationCode,
  validationMessage,
} from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../core/context.ts';
import { DomainError } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { imports, type RefusedRow } from '../../db/schema/index.ts';
import { type CsvRecord, workbookLimits } from './imports.files.ts';
import { fileReaders } from './imports.reader.ts';

export { parseCsv } from './imports.files.ts';

// The one import pipeline (decisions 0024, 0027): read a CSV or the first sheet of an XLSX, map its header to a kind's columns,
// check each row with the API's own create schema, then the checks a file adds (unique in the file,
// unique in the company, references by name); a preview writes nothing; a confirmed import writes
// the valid rows in one transaction with its record, or records a failure with a code and writes
// nothing. Each kind (articles, locations, devices, transactions here, loyalty cards in their module)
// gives its rules (`ImportKindRules`: its check of the rows, its write, its failure codes) and
// `importOf` makes its import of them: the preview and the confirmed write are the pipeline's.

/** A header as the contract's columns compare it (lower case; spaces, `_` and `-` alike). */
const headerKey = importHeaderKey;

/** What reading a file needs of a kind's columns (not its template). */
export type ImportSpec<C extends string> = Pick<ImportColumns<C>, 'columns' | 'required' | 'headers'>;

/** The file's columns: where each known column is, and the headers not used. */
export function mapHeader<C extends string>(spec: Pick<ImportColumns<C>, 'columns' | 'headers'>, cells: readonly string[]) {
  const aliases = new Map<string, C>(
    spec.columns.flatMap((column) => [column, ...spec.headers[column]].map((h) => [headerKey(h), column] as const)),
  );
  const at = new Map<C, number>();
  const ignored: string[] = [];
  cells.forEach((h, i) => {
    const column = aliases.get(headerKey(h));
    if (column && !at.has(column)) at.set(column, i);
    else if (h.trim() !== '') ignored.push(h.trim());
  });
  return { at, ignored };
}

/** A row's error: a message code of the contract's catalogue and its parameters, never a text. */
export interface RowError {
  field: string;
  code: ValidationCode;
  params?: Record<string, unknown>;
}

/** A row as read: its line, its values by column, and its errors so far. */
export interface ReadRow<C extends string> {
  line: number;
  values: Partial<Record<C, string>>;
  errors: RowError[];
}

/**
 * A file of an import in its format (`csv` text, or an `xlsx` workbook as base64) as rows of a kind's
 * columns, or refused as a whole (4xx, in the caller's language): too large, binary, a workbook that
 * unpacks to too much, no header with the required columns, no rows, too many rows. The file is read on
 * a reader thread (`imports.reader.ts`): however large or hostile, it never holds up other requests.
 */
export async function readImportFile<C extends string>(spec: ImportSpec<C>, input: { content: string; format?: ImportFormat }) {
  const answer = await fileReaders.read({ format: input.format ?? 'csv', content: input.content, limits: importLimits });
  if ('refused' in answer) {
    const { status, code, params } = answer.refused;
    throw new DomainError(status, code, params ?? refusalParams(code));
  }
  return readRecords(spec, answer.records);
}

/** The parameters of a refusal the thread could not give (it ran out of its time or heap). */
const refusalParams = (code: string): Record<string, unknown> =>
  code === 'upload_too_complex'
    ? { cells: workbookLimits.cells.toLocaleString('en'), megabytes: workbookLimits.unpackedBytes / 1024 / 1024 }
    : {};

/** Records (of a CSV or a sheet) as rows of a kind's columns; the file refused as a whole like `readFile`. */
export function readRecords<C extends string>(spec: ImportSpec<C>, records: CsvRecord[]) {
  const [header, ...data] = records;
  const headerCells = header?.cells ?? [];
  const { at, ignored } = mapHeader(spec, headerCells);
  for (const column of spec.required) {
    if (!at.has(column)) {
      const shown = headerCells.map((h) => h.trim()).filter(Boolean);
      throw new DomainError(422, 'upload_no_column', { column, header: shown.length ? shown.join(', ') : '—' });
    }
  }
  if (!data.length) throw new DomainError(422, 'upload_empty');
  if (data.length > importLimits.rows) {
    throw new DomainError(413, 'upload_too_many_rows', { rows: data.length, max: importLimits.rows });
  }
  const rows: ReadRow<C>[] = data.map(({ line, cells }) => {
    const values: Partial<Record<C, string>> = {};
    for (const [column, i] of at) values[column] = (cells[i] ?? '').trim();
    const errors: RowError[] = [];
    const extra = cells.slice(headerCells.length).filter((c) => c.trim() !== '').length;
    if (extra > 0) errors.push({ field: 'line', code: 'row_columns', params: { count: cells.length, expected: headerCells.length } });
    return { line, values, errors };
  });
  return { rows, columns: spec.columns.filter((c) => at.has(c)) as string[], ignored };
}

/**
 * A row's body through the API's create schema: the parsed value, or the row's errors as the form
 * would show them (zod's issues through the contract's `issueCode`), each on the file's column: the
 * schema's field renamed by `columnOf` where the file calls it otherwise (`playPrice` for `playPriceCents`).
 */
export function validateRow<T>(
  schema: z.ZodType<T>,
  body: Record<string, unknown>,
  errors: RowError[],
  columnOf: Readonly<Record<string, string>> = {},
): T | null {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const [code, params] = issueCode(issue, body);
    const field = String(issue.path[0] ?? 'line');
    errors.push({ field: columnOf[field] ?? field, code, ...(Object.keys(params).length ? { params } : {}) });
  }
  return null;
}

/** The file's column of each schema field, from a kind's columns whose field is named otherwise. */
export const columnsOfFields = (fieldOf: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(fieldOf).map(([column, field]) => [field, column]));

/** Unique within the file: every row sharing a value (by `key`) is refused, naming another line that has it. */
export function uniqueInFile<C extends string>(rows: ReadRow<C>[], field: C, key: (value: string) => string = (v) => v) {
  const lines = new Map<string, number[]>();
  for (const row of rows) {
    const raw = row.values[field] ?? '';
    if (raw === '') continue;
    const list = lines.get(key(raw));
    if (list) list.push(row.line);
    else lines.set(key(raw), [row.line]);
  }
  for (const row of rows) {
    const raw = row.values[field] ?? '';
    const list = raw === '' ? undefined : lines.get(key(raw));
    if (list && list.length > 1) {
      const other = list.find((l) => l !== row.line) ?? list[0];
      row.errors.push({ field, code: 'duplicate_in_file', params: { line: other } });
    }
  }
}

/** A list of values as one JSON parameter (a statement's parameters are limited; the file's values are not). */
export const jsonList = (values: readonly string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** A row as the API shows it: its errors rendered in the caller's language. */
export const asImportRow = (
  lang: Language,
  row: { line: number; values: object; errors: RowError[] },
  extra: Partial<ImportRow> = {},
): ImportRow => ({
  line: row.line,
  values: row.values as Record<string, string>,
  ...extra,
  errors: row.errors.map((e) => ({ ...e, message: validationMessage(lang, e.code, e.params) })),
});

/** The preview of checked rows: every row with its errors, nothing written. */
export function previewOf(
  lang: Language,
  fileName: string,
  file: { columns: string[]; ignored: string[] },
  rows: { line: number; values: object; errors: RowError[] }[],
  extra: (index: number) => Partial<ImportRow> = () => ({}),
): ImportPreview {
  const refused = rows.filter((r) => r.errors.length > 0).length;
  return {
    fileName,
    columns: file.columns,
    ignoredColumns: file.ignored,
    rowsRead: rows.length,
    rowsValid: rows.length - refused,
    rowsRefused: refused,
    rows: rows.map((r, i) => asImportRow(lang, r, extra(i))),
  };
}

export type ImportRowRecord = typeof imports.$inferSelect & { userName?: string | null };

/** An imports-history record as the API shows it: the failure and the refused rows' errors in the caller's language. */
export function toImportRecord(row: ImportRowRecord, lang: Language, withRefused = true): ImportRecord {
  const own = identity('imports', 'Import', row.id);
  return {
    ...own,
    company: iri('companies', row.companyId),
    user: row.userId === null ? null : iri('users', row.userId),
    userName: row.userName ?? null,
    kind: row.kind,
    fileName: row.fileName,
    rowsRead: row.rowsRead,
    rowsWritten: row.rowsWritten,
    rowsRefused: row.rowsRefused,
    status: row.status,
    errorCode: row.error,
    errorParams: row.error ? (row.errorParams ?? {}) : null,
    error: row.error ? failureText(lang, row.error, row.errorParams ?? {}) : null,
    ...(withRefused ? { refused: row.refused.map((r) => asImportRow(lang, { ...r, errors: r.errors as RowError[] })) } : {}),
    refusedCsv: `${own['@id']}/refused.csv`,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A stored failure code in a language; a record from before decision 0027 holds its English text instead of a code. */
function failureText(lang: Language, code: string, params: Record<string, unknown>): string {
  return /^[a-z_]+$/.test(code) ? problemMessage(lang, code as ProblemCode, params) : code;
}

/** What a confirmed import records besides its outcome. */
export interface ImportHead {
  companyId: number;
  kind: ImportKind;
  fileName: string;
  rows: { line: number; values: object; errors: RowError[] }[];
}

/** What a kind's import takes: the file (CSV text, or an XLSX workbook as base64) and whether to write it. */
export interface ImportInput {
  fileName: string;
  content: string;
  format?: ImportFormat;
  confirm: boolean;
}

/** A kind's import answers its preview (nothing written) or, confirmed, its record. */
export type ImportOutcome = { preview: ImportPreview } | { record: ImportRecord };

/** A file as a kind has checked it: every row with its errors, and whatever else its write needs. */
export interface CheckedFile {
  file: { columns: string[]; ignored: string[] };
  rows: { line: number; values: object; errors: RowError[] }[];
}

/**
 * What one kind of import brings: the rules of its rows (`check`) and its write. The pipeline does the
 * rest the same for every kind (`importOf`): the preview, or the confirmed write with its record.
 */
export interface ImportKindRules<Checked extends CheckedFile, Valid> {
  kind: ImportKind;
  /** Reads the file and checks every row for the company; writes nothing. */
  check(db: Db, ctx: RequestContext, input: ImportInput, companyId: number): Promise<Checked>;
  /** What a checked row writes, or null when it is refused. */
  valid(row: Checked['rows'][number]): Valid | null;
  /**
   * Writes the valid rows (never none: a file without any writes nothing) inside the import's
   * transaction; answers how many it wrote.
   */
  write(tx: Tx, ctx: RequestContext, valid: Valid[], companyId: number, checked: Checked): Promise<number>;
  /** Why the write failed, as a problem code and parameters (recorded, and said in any language). */
  failure(error: unknown): { code: ProblemCode; params: Record<string, unknown> };
  /** What the preview shows of a row besides its values (the card holder's name). */
  previewRow?(row: Checked['rows'][number]): Partial<ImportRow>;
}

/** A kind's import into a company: the preview (`confirm` false, nothing written), or the confirmed write and its record. */
export type KindImport = (
  db: Db,
  ctx: RequestContext,
  input: ImportInput,
  companyId: number,
  hooks?: ImportHooks,
) => Promise<ImportOutcome>;

/**
 * A kind's import from its rules: the file checked; unconfirmed, the preview of every row and nothing
 * written; confirmed, the valid rows written in one transaction with the import's record
 * (`confirmImport`: a failed write writes nothing and is recorded with its code).
 */
export function importOf<Checked extends CheckedFile, Valid>(rules: ImportKindRules<Checked, Valid>): KindImport {
  return async (db, ctx, input, companyId, hooks = {}) => {
    const checked = await rules.check(db, ctx, input, companyId);
    const { file, rows } = checked;
    if (!input.confirm) {
      const extra = rules.previewRow;
      return { preview: previewOf(ctx.lang, input.fileName, file, rows, extra ? (i) => (rows[i] ? extra(rows[i]) : {}) : undefined) };
    }
    const valid = rows.flatMap((row) => {
      const value = rules.valid(row);
      return value === null ? [] : [value];
    });
    const head = { companyId, kind: rules.kind, fileName: input.fileName, rows };
    const write = async (tx: Tx) => (valid.length ? rules.write(tx, ctx, valid, companyId, checked) : 0);
    return { record: await confirmImport(db, ctx, head, write, rules.failure, hooks) };
  };
}

export interface ImportHooks {
  /** Runs inside the write's transaction, before the rows are written (tests: another writer meanwhile, a failure). */
  beforeWrite?: (tx: Tx) => Promise<unknown>;
}

/**
 * The confirmed import: `write` puts the valid rows in, in one transaction with the import's record.
 * If anything fails, nothing is written, the import is recorded as failed with `failure`'s code and
 * parameters, and the caller gets a 409 `import_failed` saying why in their language.
 */
export async function confirmImport(
  db: Db,
  ctx: RequestContext,
  head: ImportHead,
  write: (tx: Tx) => Promise<number>,
  failure: (error: unknown) => { code: ProblemCode; params: Record<string, unknown> },
  hooks: ImportHooks = {},
): Promise<ImportRecord> {
  const refused = head.rows.filter((r) => r.errors.length > 0);
  const record = {
    companyId: head.companyId,
    userId: ctx.actor.userId,
    kind: head.kind,
    fileName: head.fileName,
    rowsRead: head.rows.length,
    rowsRefused: refused.length,
    refused: refused.map((r): RefusedRow => ({ line: r.line, values: r.values as Record<string, string>, errors: r.errors })),
  };
  try {
    const [written] = await db.transaction(async (tx) => {
      await hooks.beforeWrite?.(tx);
      const count = await write(tx);
      return tx
        .insert(imports)
        .values({ ...record, rowsWritten: count, status: 'done' })
        .returning();
    });
    return toImportRecord(written as ImportRowRecord, ctx.lang);
  } catch (error) {
    const { code, params } = failure(error);
    const [failed] = await db
      .insert(imports)
      .values({ ...record, rowsWritten: 0, status: 'failed', error: code, errorParams: params })
      .returning({ id: imports.id });
    throw new DomainError(409, 'import_failed', { reason: problemMessage(ctx.lang, code, params), importId: failed?.id });
  }
}
