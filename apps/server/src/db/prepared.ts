import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Runs a statement as a named prepared statement on PostgreSQL: the connection parses and plans it
 * once and runs the plan again for every later call with the same text (the name is the text's hash).
 * For the hot statements only (a telemetry batch's read and write), whose planning was a tenth of
 * PostgreSQL's time per batch; PGlite runs it as any other statement.
 */
export function executePrepared(db: Db | Tx, query: SQL) {
  const compiled = dialect.sqlToQuery(query);
  const name = `k_${createHash('sha1').update(compiled.sql).digest('base64url').slice(0, 24)}`;
  return db._.session.prepareQuery(compiled, undefined, name, false).execute();
}
