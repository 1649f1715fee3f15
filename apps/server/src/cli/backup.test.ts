import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { BackupError, backup, restore } from '../db/backup.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { seedDemo } from '../demo/seed.ts';
import { FiscalKeys } from '../fiscal/keys.ts';
import { adminUrl, databaseUrl } from '../testing/postgres.ts';

/**
 * The round trip of `npm run backup` / `npm run restore` (decision 0031) on the engine the suite
 * runs on: the demo's data, backed up and restored into an empty installation, is the same table by
 * table, row by row, and the data directory's secrets come back with it.
 */
const work = mkdtempSync(path.join(tmpdir(), 'kovanica-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const base = process.env.DATABASE_URL;
const template = inject('pgTemplate');
const created: string[] = [];

/** A new installation: an empty database (cloned from the migrated template on PostgreSQL) and its data directory. */
async function installation(name: string, migrated: boolean) {
  const dataDir = path.join(work, name);
  if (base && template) {
    const db = `kovanica_backup_${randomBytes(5).toString('hex')}`;
    const admin = await adminUrl(base);
    await admin.query(migrated ? `create database ${db} template ${template}` : `create database ${db}`);
    await admin.end();
    created.push(db);
    return { dataDir, databaseUrl: databaseUrl(base, db) };
  }
  return { dataDir, databaseUrl: undefined };
}
afterAll(async () => {
  if (!base || created.length === 0) return;
  const admin = await adminUrl(base);
  for (const db of created) await admin.query(`drop database if exists ${db} with (force)`);
  await admin.end();
});

const open = (i: { dataDir: string; databaseUrl?: string }) =>
  openDatabase(i.databaseUrl ? { url: i.databaseUrl, statementTimeoutMs: 0 } : { dataDir: i.dataDir });

/** Every table of the app's schema: its row count and a digest of its rows in a stable order. */
async function fingerprint(database: Database): Promise<Record<string, string>> {
  const { rows } = await database.executeSql(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of rows as { name: string }[]) {
    const [r] = (
      await database.executeSql(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from "${name}" t`,
      )
    ).rows as { n: number; d: string }[];
    out[name] = `${r.n}:${r.d}`;
  }
  return out;
}

describe(`backup and restore (${base ? 'PostgreSQL' : 'embedded'})`, () => {
  const source = installation('source', true);
  let before: Record<string, string>;
  const file = path.join(work, 'out', 'kovanica.tar');

  it('backs up the demo installation into one file', { timeout: 120_000 }, async () => {
    const src = await source;
    mkdirSync(src.dataDir, { recursive: true });
    writeFileSync(path.join(src.dataDir, 'fiscal-key-secret'), 'the-key-that-decrypts-the-fiscal-keys\n', { mode: 0o600 });
    const database = await open(src);
    await database.migrate();
    await seedDemo(database.db, new FiscalKeys('backup-test-secret-0123456789abcdef'));
    before = await fingerprint(database);
    await database.close();
    expect(Number(before.devices.split(':')[0])).toBeGreaterThan(0);

    const manifest = await backup(src, file);
    expect(manifest).toMatchObject({ format: 'kovanica-backup', engine: base ? 'postgres' : 'pglite', files: ['fiscal-key-secret'] });
    expect(manifest.migration).toMatch(/^[0-9a-f]{64}$/);
    expect(existsSync(file)).toBe(true);
  });

  it('restores it into an empty installation: every table the same, the secrets back', { timeout: 120_000 }, async () => {
    const dst = await installation('restored', false);
    const manifest = await restore(dst, file);
    expect(manifest.files).toEqual(['fiscal-key-secret']);
    expect(readFileSync(path.join(dst.dataDir, 'fiscal-key-secret'), 'utf8')).toBe('the-key-that-decrypts-the-fiscal-keys\n');
    const database = await open(dst);
    await database.migrate(); // as the next start does: nothing left to apply
    expect(await fingerprint(database)).toEqual(before);
    await database.close();

    // Restoring again over it is refused without --force, and leaves it as it is.
    await expect(restore(dst, file)).rejects.toThrow(BackupError);
    // With --force it is replaced; the embedded database that was there is moved aside, not deleted.
    await restore(dst, file, { force: true });
    if (!base) expect(readdirSync(dst.dataDir).some((n) => n.startsWith('pgdata.before-restore-'))).toBe(true);
    const again = await open(dst);
    expect(await fingerprint(again)).toEqual(before);
    await again.close();
  });

  it('refuses files that are not its backups, and a backup of the other engine', async () => {
    const dst = await installation('refusals', false);
    const junk = path.join(work, 'junk.tar');
    writeFileSync(junk, 'not a tar file at all');
    await expect(restore(dst, junk)).rejects.toThrow(/not a Kovanica backup/);
    await expect(restore(dst, path.join(work, 'missing.tar'))).rejects.toThrow(/No such file/);

    // A manifest naming a path out of the data directory.
    const forged = path.join(work, 'forged');
    mkdirSync(path.join(forged, 'files'), { recursive: true });
    const engine = base ? 'postgres' : 'pglite';
    writeFileSync(
      path.join(forged, 'manifest.json'),
      JSON.stringify({ format: 'kovanica-backup', version: 1, engine, files: ['../../etc'] }),
    );
    await tar.create({ file: path.join(work, 'forged.tar'), cwd: forged }, ['manifest.json', 'files']);
    await expect(restore(dst, path.join(work, 'forged.tar'))).rejects.toThrow(/damaged manifest/);

    const other = path.join(work, 'other');
    mkdirSync(other);
    writeFileSync(
      path.join(other, 'manifest.json'),
      JSON.stringify({ format: 'kovanica-backup', version: 1, engine: base ? 'pglite' : 'postgres', files: [] }),
    );
    await tar.create({ file: path.join(work, 'other.tar'), cwd: other }, ['manifest.json']);
    await expect(restore(dst, path.join(work, 'other.tar'))).rejects.toThrow(/restores only into the same kind/);
  });

  it.skipIf(Boolean(base))('refuses an embedded database another process holds (a running server)', async () => {
    const src = await source;
    // The test runner's parent process stands for a server that has the directory open.
    writeFileSync(path.join(src.dataDir, 'kovanica.pid'), `${process.ppid}\n`);
    await expect(backup(src, path.join(work, 'held.tar'))).rejects.toThrow(`in use by process ${process.ppid}`);
    await expect(openDatabase({ dataDir: src.dataDir })).rejects.toThrow(/in use by process/);
    // A holder that is gone (a crash) does not keep the directory.
    writeFileSync(path.join(src.dataDir, 'kovanica.pid'), '2147483646\n');
    await backup(src, path.join(work, 'after-crash.tar'));
    expect(existsSync(path.join(src.dataDir, 'kovanica.pid'))).toBe(false);
  });
});
