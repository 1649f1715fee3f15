import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { adminUrl, databaseUrl, testDatabasePrefix } from './postgres.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * A faked clock (libfaketime: its library in LD_PRELOAD, the time in FAKETIME, tools/dated-tests.ts)
 * is passed on to the processes a test starts, so a server and its test see the same time. Given as
 * an offset (`+38880000`) it is the same clock in every process; an absolute start (`@2027-…`) would
 * start each process's clock over at that time.
 */
const fakedClock = () =>
  Object.fromEntries(Object.entries(process.env).filter(([key]) => key === 'LD_PRELOAD' || key.startsWith('FAKETIME')));

/** Runs a server entry (or CLI) with tsx, as `npm start` and `npm run create-admin` do. */
export function run(script: string, env: Record<string, string | undefined>, args: string[] = []) {
  return spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, script), ...args], {
    cwd: repoRoot,
    // The demo's telemetry history takes about a minute; tests of the start go without it.
    env: { PATH: process.env.PATH, TZ: process.env.TZ, ...fakedClock(), LOG_LEVEL: 'warn', SEED_HISTORY: '0', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

export function exitCode(child: ChildProcess): Promise<number | null> {
  // A process already ended by a signal (a test's kill -9) has no exit code but is gone all the same.
  const ended = child.exitCode !== null || child.signalCode !== null;
  return new Promise((resolve) => (ended ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));
}

/** Starts the server on a free port and waits for the line that gives its address. */
export async function startServer(env: Record<string, string | undefined>): Promise<Started> {
  const child = run('apps/server/src/main.ts', { PORT: '0', ...env });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    // One that has not started in time is killed: the test that failed leaves no server behind.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${out}`));
    }, 60_000);
    const check = () => {
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return {
    child,
    url,
    output: () => out,
    stop: () => {
      child.kill('SIGTERM');
      return exitCode(child);
    },
  };
}

/**
 * The environment of a server a test starts and kills (the fault tests): the demo seed without its
 * history, on a database of its own in DATABASE_URL's PostgreSQL, else embedded in a new directory.
 * `dataDir` is where the embedded one lives. On PostgreSQL the database is a copy of the run's
 * migrated template (the server's migration is then a no-op) and is named as the run's test
 * databases are, so the run's teardown reports one a file leaves behind. `dispose` drops it and
 * removes the directory: a file calls it after its tests (`afterAll`), also when this is called in a
 * hook, where registering `afterAll` would not take.
 */
export async function faultServerEnv(
  name: string,
): Promise<{ env: Record<string, string>; dataDir: string; dispose: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  const template = inject('pgTemplate');
  const dataDir = mkdtempSync(path.join(tmpdir(), `kovanica-${name}-`));
  // The demo's companies, fleet and certificates without its 13 months of history (minutes on PGlite).
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: '1', SEED_HISTORY: '0' };
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  // The template is there whenever DATABASE_URL is (the run's global setup makes it), as for `freshDatabase`.
  if (!base || !template) return { env, dataDir, dispose: async () => removeDir() };
  const dbName = `${testDatabasePrefix(template)}${name.replaceAll('-', '_')}_${process.pid}`;
  const admin = await adminUrl(base);
  await admin.query(`create database ${dbName} template ${template}`);
  await admin.end();
  env.DATABASE_URL = databaseUrl(base, dbName);
  return {
    env,
    dataDir,
    async dispose() {
      const dropping = await adminUrl(base);
      await dropping.query(`drop database if exists ${dbName} with (force)`);
      await dropping.end();
      removeDir();
    },
  };
}
