import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { adminUrl, databaseUrl, TEMPLATE_PREFIX, testDatabasePrefix } from './postgres.ts';

/**
 * With DATABASE_URL set, migrates a template database once; each test file then clones it (fast
 * `CREATE DATABASE … TEMPLATE`). Without it, migrates one PGlite and dumps its data directory to a
 * file; each test file opens its own in-memory PGlite from that dump (0.6 s, against 3 s for a new
 * PGlite's initdb and its migrations).
 */
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const dir = mkdtempSync(path.join(tmpdir(), 'kovanica-pglite-template-'));
    const file = path.join(dir, 'pgdata.tar');
    const pglite = await PGlite.create();
    const db = await openDatabase({ pglite });
    await db.migrate();
    writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    await db.close();
    project.provide('pgliteTemplate', file);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const template = `${TEMPLATE_PREFIX}${process.pid}`;
  const admin = await adminUrl(base);
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const db = await openDatabase({ url: databaseUrl(base, template) });
  await db.migrate();
  await db.close();
  project.provide('pgTemplate', template);
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    // A test file disposes of the databases it made (testApp does it for it): any left is a leak,
    // dropped here and reported. Vitest prints a teardown's error but keeps its exit code: the
    // exit code is set here.
    const left = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
      testDatabasePrefix(template),
    ]);
    for (const { datname } of left.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    if (left.rows.length > 0) {
      process.exitCode = 1;
      throw new Error(`${left.rows.length} test database(s) were left on the server by test files that did not dispose of them`);
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | undefined;
    /** Without DATABASE_URL: the migrated PGlite's data directory, a tar file. */
    pgliteTemplate: string | undefined;
  }
}
