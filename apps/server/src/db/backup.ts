import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openAsBlob,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';
import { lockDataDir } from './data-dir-lock.ts';

const run = promisify(execFile);

/**
 * Backup and restore of the whole installation (decision 0031): one `.tar` file holding
 * - `manifest.json`: what it is, of which engine, when, up to which migration;
 * - the database: `database.tar.gz` (PGlite's own dump of its data directory: an exact copy, the
 *   embedded database closed) or `database.pgdump` (`pg_dump`'s custom format, consistent while the
 *   server runs);
 * - `files/`: the data directory's other files, among them the secrets the server keeps there when
 *   the environment does not give them (`jwt-secret`, and `fiscal-key-secret`, without which the
 *   companies' fiscal keys cannot be decrypted).
 * A backup restores into the same engine it was made from.
 */
export const BACKUP_FORMAT = 'kovanica-backup';
export const BACKUP_VERSION = 1;

export type Engine = 'pglite' | 'postgres';
export interface BackupTarget {
  /** PostgreSQL's URL; without it, the embedded database in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
}
export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  engine: Engine;
  createdAt: string;
  /** The last migration applied to the database (drizzle's record), null if none. */
  migration: string | null;
  files: string[];
}

const PGDATA = 'pgdata';
/** The data directory's entries that are not copied as files: the database itself and its lock. */
const NOT_FILES = new Set([PGDATA, 'kovanica.pid']);
const LAST_MIGRATION = 'select hash from drizzle.__drizzle_migrations order by created_at desc limit 1';

export class BackupError extends Error {}

/** Writes a backup of `target` to `file` and answers its manifest. */
export async function backup(target: BackupTarget, file: string): Promise<Manifest> {
  const work = mkdtempSync(path.join(tmpdir(), 'kovanica-backup-'));
  try {
    let engine: Engine;
    let migration: string | null;
    if (target.databaseUrl) {
      engine = 'postgres';
      migration = await lastMigrationPg(target.databaseUrl);
      await pgTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(work, 'database.pgdump')}`,
        target.databaseUrl,
      ]);
    } else {
      engine = 'pglite';
      if (!existsSync(path.join(target.dataDir, PGDATA))) throw new BackupError(`There is no embedded database in ${target.dataDir}.`);
      const release = lockDataDir(target.dataDir, 'backup');
      try {
        const db = await PGlite.create(path.join(target.dataDir, PGDATA));
        try {
          migration = await lastMigration((sql) => db.query<{ hash: string }>(sql).then((r) => r.rows));
          const dump = await db.dumpDataDir('gzip');
          writeFileSync(path.join(work, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
        } finally {
          await db.close();
        }
      } finally {
        release();
      }
    }
    const files = existsSync(target.dataDir) ? readdirSync(target.dataDir).filter((name) => !NOT_FILES.has(name)) : [];
    mkdirSync(path.join(work, 'files'));
    for (const name of files) cpSync(path.join(target.dataDir, name), path.join(work, 'files', name), { recursive: true });
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      engine,
      createdAt: new Date().toISOString(),
      migration,
      files,
    };
    writeFileSync(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    await tar.create({ file, cwd: work, portable: true }, readdirSync(work));
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Restores `file` into `target`. An installation that already has data is refused unless `force`;
 * with it, the embedded database is moved aside (`pgdata.before-restore-<time>`), never deleted, and
 * PostgreSQL's objects are replaced (`pg_restore --clean`). The next start applies the migrations
 * made since the backup.
 */
export async function restore(target: BackupTarget, file: string, options: { force?: boolean } = {}): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const work = mkdtempSync(path.join(tmpdir(), 'kovanica-restore-'));
  try {
    try {
      await tar.extract({ file, cwd: work, strict: true });
    } catch (error) {
      throw new BackupError(`${file} is not a Kovanica backup (${(error as Error).message}).`);
    }
    const manifest = readManifest(work, file);
    const engine: Engine = target.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.engine !== engine) {
      throw new BackupError(
        `This backup is of the ${manifest.engine === 'pglite' ? 'embedded database' : 'PostgreSQL database'}; it restores only into the same kind (DATABASE_URL ${engine === 'postgres' ? 'is' : 'is not'} set).`,
      );
    }
    mkdirSync(target.dataDir, { recursive: true });
    if (target.databaseUrl) {
      if (!options.force && (await hasTablesPg(target.databaseUrl))) {
        throw new BackupError('The database already has Kovanica tables: restore with --force to replace them.');
      }
      await pgTool('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${target.databaseUrl}`,
        path.join(work, 'database.pgdump'),
      ]);
    } else {
      const release = lockDataDir(target.dataDir, 'restore');
      try {
        const pgdata = path.join(target.dataDir, PGDATA);
        if (existsSync(pgdata)) {
          if (!options.force) throw new BackupError(`${target.dataDir} already holds a database: restore with --force to move it aside.`);
          renameSync(pgdata, `${pgdata}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
        }
        const db = await PGlite.create(pgdata, { loadDataDir: await openAsBlob(path.join(work, 'database.tar.gz')) });
        // Closing is what writes it to disk (PGlite runs without fsync).
        await db.close();
      } finally {
        release();
      }
    }
    for (const name of manifest.files) {
      cpSync(path.join(work, 'files', name), path.join(target.dataDir, name), { recursive: true, force: true });
    }
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function readManifest(dir: string, file: string): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  } catch {
    throw new BackupError(`${file} is not a Kovanica backup (no manifest).`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a Kovanica backup.`);
  if (manifest.version !== BACKUP_VERSION)
    throw new BackupError(`${file} is a backup of format ${manifest.version}; this version reads ${BACKUP_VERSION}.`);
  const files = manifest.files;
  // Names only, from the data directory's top level: never a path out of it.
  if (!Array.isArray(files) || files.some((f) => typeof f !== 'string' || f !== path.basename(f) || f === '..' || NOT_FILES.has(f))) {
    throw new BackupError(`${file} has a damaged manifest.`);
  }
  return manifest as Manifest;
}

async function lastMigration(query: (sql: string) => Promise<{ hash: string }[]>): Promise<string | null> {
  try {
    return (await query(LAST_MIGRATION))[0]?.hash ?? null;
  } catch {
    return null; // never migrated
  }
}

async function withPg<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const lastMigrationPg = (url: string) => withPg(url, (c) => lastMigration((sql) => c.query<{ hash: string }>(sql).then((r) => r.rows)));
const hasTablesPg = (url: string) =>
  withPg(url, async (c) => (await c.query(`select to_regclass('public.companies') is not null as has`)).rows[0].has as boolean);

/** Runs PostgreSQL's own client tool (Debian: postgresql-client), with a clear message when it is missing. */
async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]) {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new BackupError(`${tool} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client).`);
    throw new BackupError(`${tool} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}
