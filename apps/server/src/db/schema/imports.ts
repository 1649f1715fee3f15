import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** What an import brought in (the contract's `importKinds`). */
export type { ImportKind, ImportStatus } from '@kovanica/contract';

import type { ImportKind, ImportStatus } from '@kovanica/contract';

/**
 * One refused row of an import (decision 0024): its line in the file, its values as read, and why,
 * as message codes with their parameters, so the history shows them in any language.
 */
export interface RefusedRow {
  line: number;
  values: Record<string, string>;
  errors: { field: string; code: string; params?: Record<string, unknown> }[];
}

/**
 * A confirmed import (decision 0024; its history, decision 0027): who brought which file into
 * which company, how many rows were read, written and refused, and the refused rows with their
 * errors. `failed`: the write itself failed (nothing was written), `error` says why as a problem
 * code of the contract's catalogue and `error_params` its parameters (decision 0027: read in the
 * reader's language). Previews are not recorded: they write nothing.
 */
export const imports = pgTable(
  'imports',
  {
    id: idColumn(),
    // The history goes with its company (like exports): it is no business row another depends on.
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    kind: text().$type<ImportKind>().notNull(),
    fileName: text().notNull(),
    rowsRead: integer().notNull(),
    rowsWritten: integer().notNull(),
    rowsRefused: integer().notNull(),
    refused: jsonb().$type<RefusedRow[]>().notNull().default(sql`'[]'::jsonb`),
    status: text().$type<ImportStatus>().notNull(),
    /** A problem code (`import_taken`, `import_write_failed`…), never a text. */
    error: text(),
    errorParams: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('imports_company_idx').on(t.companyId, t.createdAt),
    check('imports_status_check', sql`${t.status} in ('done', 'failed')`),
    check('imports_rows_check', sql`${t.rowsWritten} + ${t.rowsRefused} <= ${t.rowsRead}`),
  ],
);
