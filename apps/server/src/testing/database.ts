import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { adminUrl, databaseUrl, testDatabasePrefix } from './postgres.ts';

/**
 * A new, migrated, empty database for one test file: a clone of the migrated template on
 * PostgreSQL when DATABASE_URL is set (as in CI), otherwise an in-memory PGlite loaded from the
 * migrated template's dump (global-setup.ts).
 */
export async function freshDatabase(options: { statementTimeoutMs?: number } = {}): Promise<Database & { dispose(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  const template = inject('pgTemplate');
  if (base && template) {
    const name = `${testDatabasePrefix(template)}${randomBytes(6).toString('hex')}`;
    const admin = await adminUrl(base);
    await admin.query(`create database ${name} template ${template}`);
    const database = await openDatabase({ url: databaseUrl(base, name), statementTimeoutMs: options.statementTimeoutMs });
    return {
      ...database,
      async dispose() {
        await database.close();
        // The pool's end answers once it has asked its connections to close, not once they have: the
        // drop waits for them (a second at most), so it does not cut one off, which the pool logged as
        // "PostgreSQL connection lost" in the file's output.
        for (let wait = 0; wait < 50; wait++) {
          const open = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (open.rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = inject('pgliteTemplate');
  const pglite = await PGlite.create(dump ? { loadDataDir: await openAsBlob(dump) } : {});
  const database = await openDatabase({ pglite });
  // A no-op on the template's copy; the whole migration for a file run without the global setup.
  await database.migrate();
  return { ...database, dispose: () => database.close() };
}
