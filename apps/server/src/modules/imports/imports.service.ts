import {
  cardUploadColumns,
  type ImportPreview,
  type ImportRecord,
  type ImportRequest,
  importColumns,
  type importRecord,
  type Language,
  messages,
  type Permission,
} from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { targetCompanyId } from '../../db/references.ts';
import { imports, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../http/context.ts';
import type { CrudService } from '../../http/crud.ts';
import { ApiProblem } from '../../http/problems.ts';
import { tableReads } from '../../http/table-reads.ts';
import { importArticles } from './imports.articles.ts';
import { importDevices } from './imports.devices.ts';
import { importLocations } from './imports.locations.ts';
import { type ImportHooks, type ImportRowRecord, toImportRecord } from './imports.pipeline.ts';
import { importTransactions } from './imports.transactions.ts';

// The imports history (issue 15 §1, decision 0027) and `POST /imports`. Other modules' imports (the
// loyalty card upload) use the pipeline through this file.
export {
  asImportRow,
  confirmImport,
  type ImportHooks,
  jsonList,
  parseCsv,
  previewOf,
  type ReadRow,
  type RowError,
  readFile,
  readImportFile,
  rowsOf,
  toImportRecord,
  uniqueInFile,
  validateRow,
} from './imports.pipeline.ts';

type Item = z.infer<typeof importRecord>;

const importExtras = () => ({
  userName: sql<
    string | null
  >`(select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${outer(imports.userId)})`,
});

/** The history: the company's imports (the All Companies view: every listed company's); the list without the refused rows. */
export function importsService(db: Db): Pick<CrudService<Item, never, never>, 'list' | 'get'> & {
  find(ctx: RequestContext, id: number): Promise<ImportRecord | null>;
} {
  const listReads = tableReads(db, imports, { company: imports.companyId, extras: importExtras, toItem: (row) => row });
  const language = (ctx: RequestContext) => ctx.lang;
  return {
    async list(ctx, query) {
      const { items, total, next } = await listReads.list(ctx, query);
      return { items: items.map((row) => toImportRecord(row as ImportRowRecord, language(ctx), false)), total, next };
    },
    async get(ctx, id) {
      const row = await listReads.find(ctx, id);
      return row ? toImportRecord(row as ImportRowRecord, ctx.lang) : null;
    },
    async find(ctx, id) {
      const row = await listReads.find(ctx, id);
      return row ? toImportRecord(row as ImportRowRecord, ctx.lang) : null;
    },
  };
}

/** The permission each kind's import needs besides `imports.create`: creating the rows it brings in. */
const kindPermission: Record<ImportRequest['kind'], Permission> = {
  articles: 'articles.create',
  locations: 'locations.create',
  devices: 'devices.create',
  transactions: 'transactions.import',
};

/** `POST /imports`: a preview (nothing written) or the confirmed import, for the caller's company or the one named. */
export async function runImport(
  db: Db,
  ctx: RequestContext,
  input: ImportRequest,
  hooks: ImportHooks = {},
): Promise<{ preview: ImportPreview } | { record: ImportRecord }> {
  if (!ctx.can(kindPermission[input.kind])) throw new ApiProblem(403, 'forbidden');
  const companyId = await targetCompanyId(db, ctx, input.company);
  switch (input.kind) {
    case 'articles':
      return importArticles(db, ctx, input, companyId, hooks);
    case 'locations':
      return importLocations(db, ctx, input, companyId, hooks);
    case 'devices':
      return importDevices(db, ctx, input, companyId, hooks);
    case 'transactions':
      return importTransactions(db, ctx, input, companyId, hooks);
  }
}

const csvField = (text: string) => {
  // A text a spreadsheet would take for a formula starts with an apostrophe (OWASP's CSV injection).
  const inert = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
};

/**
 * The refused rows of an import as CSV, as Croatian Excel opens it (BOM, `;`, CRLF): the columns of
 * the file (so the fixed file can be uploaded again), then the line and the errors in `lang`.
 */
export function refusedCsv(record: ImportRecord, lang: Language): string {
  const rows = record.refused ?? [];
  const columns: readonly string[] = record.kind === 'loyalty-cards' ? cardUploadColumns : importColumns[record.kind].columns;
  const words = messages[lang].imports;
  const lines = [
    [...columns, words.line, words.errors],
    ...rows.map((r) => [...columns.map((c) => r.values[c] ?? ''), String(r.line), r.errors.map((e) => e.message).join(' ')]),
  ];
  return `\uFEFF${lines.map((cells) => cells.map(csvField).join(';')).join('\r\n')}\r\n`;
}
