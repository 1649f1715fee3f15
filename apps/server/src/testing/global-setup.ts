import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { adminUrl, databaseUrl, TEMPLATE_PREFIX } from './postgres.ts';

/**
 * With DATABASE_URL set, migrates a template database once; each test file then clones it (fast
 * `CREATE DATABASE … TEMPLATE`). Without it, each test file opens its own in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  if (!base) return;
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
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | undefined;
  }
}
