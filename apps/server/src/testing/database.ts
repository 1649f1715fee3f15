import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { adminUrl, databaseUrl } from './postgres.ts';

/**
 * A new, migrated, empty database for one test file: a clone of the migrated template on
 * PostgreSQL when DATABASE_URL is set (as in CI), otherwise an in-memory PGlite.
 */
export async function freshDatabase(options: { statementTimeoutMs?: number } = {}): Promise<Database & { dispose(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  const template = inject('pgTemplate');
  if (base && template) {
    const name = `kovanica_test_${randomBytes(6).toString('hex')}`;
    const admin = await adminUrl(base);
    await admin.query(`create database ${name} template ${template}`);
    const database = await openDatabase({ url: databaseUrl(base, name), statementTimeoutMs: options.statementTimeoutMs });
    return {
      ...database,
      async dispose() {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const database = await openDatabase({ pglite: await PGlite.create() });
  await database.migrate();
  return { ...database, dispose: () => database.close() };
}
