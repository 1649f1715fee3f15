import {
  type CardUploadColumn,
  type CardUploadPreview,
  type CardUploadRequest,
  cardUploadColumns,
  cardUploadHeaders,
  cardUploadLimits,
  cardUploadStatusAliases,
  type ImportRecord,
  type ImportRow,
  type ImportRowError,
  identity,
  issueCode,
  type Language,
  loyaltyCardCreate,
  normalizeCardUid,
  type ProblemCode,
  problemMessage,
  type ValidationCode,
  validationMessage,
} from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pgError } from '../../db/errors.ts';
import { resolveRef } from '../../db/references.ts';
import { imports, loyaltyOwners, type RefusedRow } from '../../db/schema/index.ts';
import type { RequestContext } from '../../http/context.ts';
import { ApiProblem } from '../../http/problems.ts';

// Bulk upload of loyalty cards from CSV (issue 13 §2, decision 0024). Every row is checked with the
// API's own `loyaltyCardCreate`, then against the file itself and the company's cards; a confirmed
// upload writes the valid rows with one statement in one transaction and records the import.

/** One record of a CSV file: its values and the line it starts on (1: the header). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** The separator of a file: `;` or `,`, whichever its header row has more of (outside quotes). */
export function detectSeparator(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ';') semicolons++;
    else if (!quoted && c === ',') commas++;
  }
  return semicolons >= commas && semicolons > 0 ? ';' : ',';
}

/**
 * RFC 4180 CSV with either separator: quoted values may hold separators, quotes (`""`) and line
 * breaks; CRLF, LF or CR ends a record; a leading BOM is dropped; blank lines are skipped.
 */
export function parseCsv(input: string): { separator: ';' | ','; records: CsvRecord[] } {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const separator = detectSeparator(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let touched = false;
  const endRecord = () => {
    cells.push(cell);
    if (touched || cells.length > 1 || cell.trim() !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
    touched = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        cell += c;
      }
    } else if (c === '"') {
      quoted = true;
      touched = true;
    } else if (c === separator) {
      cells.push(cell);
      cell = '';
      touched = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += c;
  }
  if (cell !== '' || cells.length || touched) endRecord();
  return { separator, records };
}

const headerKey = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
const aliases = new Map<string, CardUploadColumn>(
  cardUploadColumns.flatMap((column) => cardUploadHeaders[column].map((h) => [headerKey(h), column] as const)),
);

/** The file's columns: where each known column is, and the headers not used. */
export function mapHeader(cells: readonly string[]) {
  const at = new Map<CardUploadColumn, number>();
  const ignored: string[] = [];
  cells.forEach((h, i) => {
    const column = aliases.get(headerKey(h));
    if (column && !at.has(column)) at.set(column, i);
    else if (h.trim() !== '') ignored.push(h.trim());
  });
  return { at, ignored };
}

/** A row as checked: its values, the card it would write, and why not. */
interface CheckedRow {
  line: number;
  values: Partial<Record<CardUploadColumn, string>>;
  card: { uid: string; number: string; holderId: number | null; status: string; statusReason: string | null } | null;
  holderName: string | null;
  errors: { field: string; code: ValidationCode; params?: Record<string, unknown> }[];
}

/** A list of values as one JSON parameter (a statement's parameters are limited; the file's values are not). */
const jsonList = (values: readonly string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** Reads and checks a file: everything the preview shows and the write needs, nothing written. */
async function check(db: Db, ctx: RequestContext, input: CardUploadRequest) {
  const bytes = Buffer.byteLength(input.content, 'utf8');
  if (bytes > cardUploadLimits.bytes) {
    throw new ApiProblem(413, 'upload_too_large', { max: cardUploadLimits.bytes / 1024 / 1024 });
  }
  const owner = await resolveRef(db, ctx, { table: loyaltyOwners, collection: 'loyalty-owners', field: 'owner' }, input.owner);
  const { records } = parseCsv(input.content);
  const [header, ...data] = records;
  const headerCells = header?.cells ?? [];
  const { at, ignored } = mapHeader(headerCells);
  for (const column of ['uid', 'number'] as const) {
    if (!at.has(column)) {
      const shown = headerCells.map((h) => h.trim()).filter(Boolean);
      throw new ApiProblem(422, 'upload_no_column', { column, header: shown.length ? shown.join(', ') : '—' });
    }
  }
  if (!data.length) throw new ApiProblem(422, 'upload_empty');
  if (data.length > cardUploadLimits.rows) {
    throw new ApiProblem(413, 'upload_too_many_rows', { rows: data.length, max: cardUploadLimits.rows });
  }

  const rows: CheckedRow[] = data.map(({ line, cells }) => {
    const values: CheckedRow['values'] = {};
    for (const [column, i] of at) values[column] = (cells[i] ?? '').trim();
    const errors: CheckedRow['errors'] = [];
    const extra = cells.slice(headerCells.length).filter((c) => c.trim() !== '').length;
    if (extra > 0) errors.push({ field: 'line', code: 'row_columns', params: { count: cells.length, expected: headerCells.length } });
    const status = values.status ? (cardUploadStatusAliases[values.status.toLowerCase()] ?? values.status.toLowerCase()) : undefined;
    const body = {
      owner: input.owner,
      uid: values.uid ?? '',
      number: values.number ?? '',
      ...(status ? { status } : {}),
      ...(values.statusReason ? { statusReason: values.statusReason } : {}),
    };
    const parsed = loyaltyCardCreate.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [code, params] = issueCode(issue, body);
        errors.push({ field: String(issue.path[0] ?? 'line'), code, ...(Object.keys(params).length ? { params } : {}) });
      }
    }
    const card = parsed.success
      ? {
          uid: parsed.data.uid,
          number: parsed.data.number,
          holderId: null,
          status: parsed.data.status ?? 'active',
          statusReason: parsed.data.status && parsed.data.status !== 'active' ? (parsed.data.statusReason ?? null) : null,
        }
      : null;
    return { line, values, card, holderName: null, errors };
  });

  // Unique within the file: every row sharing a value is refused, naming another line that has it.
  for (const field of ['uid', 'number'] as const) {
    const lines = new Map<string, number[]>();
    for (const row of rows) {
      const raw = row.values[field] ?? '';
      if (raw === '') continue;
      const key = field === 'uid' ? normalizeCardUid(raw) : raw;
      const list = lines.get(key);
      if (list) list.push(row.line);
      else lines.set(key, [row.line]);
    }
    for (const row of rows) {
      const raw = row.values[field] ?? '';
      const list = raw === '' ? undefined : lines.get(field === 'uid' ? normalizeCardUid(raw) : raw);
      if (list && list.length > 1) {
        const other = list.find((l) => l !== row.line) ?? list[0];
        row.errors.push({ field, code: 'duplicate_in_file', params: { line: other } });
      }
    }
  }

  // Not taken in the company (unique per company, whichever owner holds the card).
  const uids = rows.flatMap((r) => (r.card ? [r.card.uid] : []));
  const numbers = rows.flatMap((r) => (r.card ? [r.card.number] : []));
  const taken = rowsOf<{ uid: string; number: string }>(
    await db.execute(sql`
      select uid, number from loyalty_cards
      where company_id = ${owner.companyId} and (uid in ${jsonList(uids)} or number in ${jsonList(numbers)})`),
  );
  const takenUids = new Set(taken.map((t) => t.uid));
  const takenNumbers = new Set(taken.map((t) => t.number));

  // The holder: a card holder of this owner with that e-mail (case aside).
  const emails = [...new Set(rows.flatMap((r) => (r.values.holderEmail ? [r.values.holderEmail.toLowerCase()] : [])))];
  const holders = new Map<string, { id: number; name: string }>();
  if (emails.length) {
    const found = rowsOf<{ id: number; email: string; name: string }>(
      await db.execute(sql`
        select distinct on (lower(email)) id, lower(email) as email, name || ' ' || surname as name
        from card_holders where owner_id = ${owner.id} and lower(email) in ${jsonList(emails)}
        order by lower(email), id`),
    );
    for (const h of found) holders.set(h.email, { id: Number(h.id), name: h.name });
  }

  for (const row of rows) {
    if (row.card && takenUids.has(row.card.uid)) row.errors.push({ field: 'uid', code: 'unique' });
    if (row.card && takenNumbers.has(row.card.number)) row.errors.push({ field: 'number', code: 'unique' });
    const email = row.values.holderEmail;
    if (email) {
      const holder = holders.get(email.toLowerCase());
      if (!holder) row.errors.push({ field: 'holderEmail', code: 'holder_unknown', params: { email } });
      else {
        row.holderName = holder.name;
        if (row.card) row.card.holderId = holder.id;
      }
    }
  }
  const columns = cardUploadColumns.filter((c) => at.has(c));
  return { owner, rows, columns, ignored };
}

const rendered = (lang: Language, e: CheckedRow['errors'][number]): ImportRowError => ({
  ...e,
  message: validationMessage(lang, e.code, e.params),
});

const asImportRow = (lang: Language, row: CheckedRow): ImportRow => ({
  line: row.line,
  values: row.values as Record<string, string>,
  holderName: row.holderName,
  errors: row.errors.map((e) => rendered(lang, e)),
});

/** An imports-history row as the API shows it, the refused rows' errors in the caller's language. */
export function toImportRecord(row: typeof imports.$inferSelect, lang: Language): ImportRecord {
  return {
    ...identity('imports', 'Import', row.id),
    kind: row.kind,
    fileName: row.fileName,
    rowsRead: row.rowsRead,
    rowsWritten: row.rowsWritten,
    rowsRefused: row.rowsRefused,
    status: row.status,
    error: row.error,
    refused: row.refused.map((r) => ({
      line: r.line,
      values: r.values,
      errors: r.errors.map((e) => ({ ...e, message: validationMessage(lang, e.code as ValidationCode, e.params) })),
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Why a write failed, as a problem code and parameters (shown in any language), from the database's error. */
function failureOf(error: unknown): { code: ProblemCode; params: Record<string, unknown> } {
  const { code, constraint } = pgError(error);
  const field = code === '23505' ? { loyalty_cards_uid_key: 'uid', loyalty_cards_number_key: 'number' }[constraint ?? ''] : undefined;
  if (field) {
    let e = error as { detail?: string; cause?: unknown } | undefined;
    let detail = '';
    for (let depth = 0; e && depth < 3 && !detail; depth++, e = e.cause as typeof e) detail = e.detail ?? '';
    const value = /\)=\([^,]*, (.*)\) already exists/.exec(detail)?.[1] ?? '';
    return { code: 'import_taken', params: { field, value } };
  }
  return { code: 'import_write_failed', params: {} };
}

export interface UploadHooks {
  /** Runs inside the write's transaction, before the insert (tests: another writer takes a uid meanwhile). */
  beforeWrite?: (tx: Tx) => Promise<unknown>;
}

/**
 * `confirm: false`: the preview, nothing written. `confirm: true`: the valid rows written by one
 * statement in one transaction, the refused ones recorded with the import; if the write fails,
 * nothing is written, the import is recorded as failed and the caller gets a 409 saying why.
 */
export async function uploadCards(
  db: Db,
  ctx: RequestContext,
  input: CardUploadRequest,
  hooks: UploadHooks = {},
): Promise<{ preview: CardUploadPreview } | { record: ImportRecord }> {
  const { owner, rows, columns, ignored } = await check(db, ctx, input);
  const valid = rows.filter((r) => r.errors.length === 0 && r.card);
  const refused = rows.filter((r) => r.errors.length > 0);
  if (!input.confirm) {
    return {
      preview: {
        fileName: input.fileName,
        columns,
        ignoredColumns: ignored,
        rowsRead: rows.length,
        rowsValid: valid.length,
        rowsRefused: refused.length,
        rows: rows.map((r) => asImportRow(ctx.lang, r)),
      },
    };
  }

  const record = {
    companyId: owner.companyId,
    userId: ctx.actor.userId,
    kind: 'loyalty-cards' as const,
    fileName: input.fileName,
    rowsRead: rows.length,
    rowsRefused: refused.length,
    refused: refused.map((r): RefusedRow => ({ line: r.line, values: r.values as Record<string, string>, errors: r.errors })),
  };
  try {
    const [written] = await db.transaction(async (tx) => {
      await hooks.beforeWrite?.(tx);
      if (valid.length) {
        const cards = valid.map(({ card }) => ({
          uid: card?.uid,
          number: card?.number,
          holder: card?.holderId,
          status: card?.status,
          reason: card?.statusReason,
        }));
        await tx.execute(sql`
          insert into loyalty_cards (company_id, owner_id, holder_id, uid, number, status, status_reason, status_changed_at, status_changed_by_id)
          select ${owner.companyId}, ${owner.id}, c.holder, c.uid, c.number, c.status, c.reason,
            case when c.status <> 'active' then now() end, case when c.status <> 'active' then ${ctx.actor.userId}::int end
          from json_to_recordset(${JSON.stringify(cards)}::json) as c(uid text, number text, holder int, status text, reason text)`);
      }
      return tx
        .insert(imports)
        .values({ ...record, rowsWritten: valid.length, status: 'done' })
        .returning();
    });
    return { record: toImportRecord(written as typeof imports.$inferSelect, ctx.lang) };
  } catch (error) {
    const failure = failureOf(error);
    const reason = problemMessage('en', failure.code, failure.params);
    const [failed] = await db
      .insert(imports)
      .values({ ...record, rowsWritten: 0, status: 'failed', error: reason })
      .returning({ id: imports.id });
    throw new ApiProblem(409, 'import_failed', {
      reason: problemMessage(ctx.lang, failure.code, failure.params),
      importId: failed?.id,
    });
  }
}
