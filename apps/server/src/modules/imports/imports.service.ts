import {
  cardUploadColumns,
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
import type { RequestContext } from '../../core/context.ts';
import { DomainError } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { targetCompanyId } from '../../db/references.ts';
import { imports, users } from '../../db/schema/index.ts';
import { importArticles } from './imports.articles.ts';
import { importDevices } from './imports.devices.ts';
import { importLocations } from './imports.locations.ts';
import { type ImportHooks, type ImportOutcome, type ImportRowRecord, type KindImport, toImportRecord } from './imports.pipeline.ts';
import { importTransactions } from './imports.transactions.ts';

// The imports history (decision 0027) and `POST /imports`. Other modules' imports (the
// loyalty card upload) use the pipeline through this file.
export {
  asImportRow,
  type ImportHooks,
  type ImportOutcome,
  importOf,
  jsonList,
  parseCsv,
  type ReadRow,
  type RowError,
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

/** Each kind's import, and the permission it needs besides `imports.create`: creating the rows it brings in. */
const kinds: Record<ImportRequest['kind'], { permission: Permission; run: KindImport }> = {
  articles: { permission: 'articles.create', run: importArticles },
  locations: { permission: 'locations.create', run: importLocations },
  devices: { permission: 'devices.create', run: importDevices },
  transactions: { permission: 'transactions.import', run: importTransactions },
};

/** `POST /imports`: a preview (nothing written) or the confirmed import, for the caller's company or the one named. */
export async function runImport(db: Db, ctx: RequestContext, input: ImportRequest, hooks: ImportHooks = {}): Promise<ImportOutcome> {
  const kind = kinds[input.kind];
  if (!ctx.can(kind.permission)) throw new DomainError(403, 'forbidden');
  return kind.run(db, ctx, input, await targetCompanyId(db, ctx, input.company), hooks);
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
