import type { ExportFormat, ExportKind, ExportStatus } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** A part of a file's bytes (decision 0026: kept a week at most, then deleted with its export). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A file built in the background (decision 0021): asked for by a user, built by the job queue's
 * `export-sweep` a page at a time, its bytes in `export_parts` (kept a week). `company_id` is the company
 * whose view it was asked in (null: an admin's All Companies); `view` whether the view was All Companies.
 */
export const exportFiles = pgTable(
  'exports',
  {
    id: idColumn(),
    companyId: integer().references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<ExportKind>().notNull(),
    /** The data set's query as asked (for the finance report: `financeQuery` without its paging). */
    params: jsonb().$type<Record<string, unknown>>().notNull(),
    view: text().$type<'mine' | 'all'>().notNull().default('mine'),
    format: text().$type<ExportFormat>().notNull(),
    language: text().$type<'en' | 'hr'>().notNull(),
    status: text().$type<ExportStatus>().notNull().default('queued'),
    progress: smallint().notNull().default(0),
    rows: integer(),
    fileName: text(),
    /** The file's bytes once done: the sum of its parts' lengths. */
    size: bigint({ mode: 'number' }),
    error: text(),
    /** A run's last sign of life: set when it is claimed and with each page written; a run silent past its lease is taken up again. */
    startedAt: timestamp({ withTimezone: true }),
    attempts: smallint().notNull().default(0),
    createdAt: createdAtColumn(),
    finishedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull().default(sql`now() + interval '7 days'`),
  },
  (t) => [
    index('exports_user_idx').on(t.userId, t.createdAt),
    index('exports_due_idx').on(t.createdAt).where(sql`${t.status} in ('queued', 'running')`),
    index('exports_expires_idx').on(t.expiresAt),
    check('exports_progress_check', sql`${t.progress} between 0 and 100`),
    check('exports_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('exports_format_check', sql`${t.format} in ('csv', 'xlsx', 'pdf')`),
    check('exports_language_check', sql`${t.language} in ('en', 'hr')`),
  ],
);

/**
 * A file's bytes in order, a part of about 1 MiB per row (decision 0026): the builder appends parts
 * as they fill, so the file is never held whole in memory; the download reads a few at a time.
 */
export const exportParts = pgTable(
  'export_parts',
  {
    exportId: integer()
      .notNull()
      .references(() => exportFiles.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    content: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.seq] })],
);
