import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';

/**
 * The browser suite's servers (decision 0033): one per worker, each the real server on a new database
 * of its own (embedded, or on PostgreSQL: `postgresDatabases`) with the demo data, serving the built
 * app (`npm run build` first). They start side by side, which Playwright's `webServer` list does not
 * do (it starts one after the other), and stop when the run ends. Each server's errors reach the
 * output prefixed with its port.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Playwright's global setup: as many servers as the run has workers, from E2E_PORT on; the teardown stops them. */
export default function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const dataDir = process.env.KV_E2E_DATA_DIR;
  if (!dataDir) throw new Error('KV_E2E_DATA_DIR is set by playwright.config.ts');
  return startServers({ firstPort: Number(process.env.E2E_PORT ?? 4310), count: config.workers, dataDir });
}

/**
 * The port hydra-admin.spec.ts serves API Platform Admin from, in worker `index`'s run: just above the
 * run's servers (`firstPort` … `firstPort + workers − 1`), so runs side by side on other E2E_PORTs
 * keep apart as their servers do. The worker's server lets that origin's pages call it (CORS_ORIGINS).
 */
export const hydraAdminPort = (firstPort: number, workers: number, index: number) => firstPort + workers + index;

interface E2eServers {
  /** The first server's port; worker `i` talks to `firstPort + i`. */
  firstPort: number;
  count: number;
  /** A folder of new embedded databases, one sub-folder per server. */
  dataDir: string;
}

async function healthy(url: string, deadline: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server for ${url} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url} within the start-up time`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * With DATABASE_URL set (CI), every server but the last runs on a new database of its own on that
 * PostgreSQL, dropped at the end (decision 0037): the same specs took a tenth less CPU time than on
 * the embedded database. The last keeps the embedded one, so the browser suite exercises both engines.
 */
async function postgresDatabases(count: number): Promise<{ urls: string[]; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  const names = base ? Array.from({ length: count - 1 }, (_, i) => `kovanica_e2e_${process.pid}_${i}`) : [];
  if (!base || names.length === 0) return { urls: [], drop: async () => {} };
  const { default: pg } = await import('pg');
  const run = async (statements: string[]) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(names.map((name) => `create database ${name}`));
  return {
    urls: names.map((name) => Object.assign(new URL(base), { pathname: `/${name}` }).toString()),
    drop: () => run(names.map((name) => `drop database if exists ${name} with (force)`)),
  };
}

/**
 * Refuses a port another process holds: a server left by an earlier run (killed mid-way) would answer
 * the health check in place of the new one, and the specs would run against its old database.
 */
async function portFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} is in use (a server of an earlier run?): stop it, or set E2E_PORT to another port`)
          : error,
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

async function startServers({ firstPort, count, dataDir }: E2eServers): Promise<() => Promise<void>> {
  for (let i = 0; i < count; i++) await portFree(firstPort + i);
  const postgres = await postgresDatabases(count);
  const children = Array.from({ length: count }, (_, i) => {
    const port = firstPort + i;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, String(i)),
        SEED_DEMO: '1',
        // The 13-month history takes a minute to write; the browser tests send their own telemetry instead.
        SEED_HISTORY: '0',
        DATABASE_URL: postgres.urls[i] ?? '',
        LOG_LEVEL: 'warn',
        // hydra-admin.spec.ts serves API Platform Admin from a port of its own: a page of another origin.
        CORS_ORIGINS: `http://127.0.0.1:${hydraAdminPort(firstPort, count, i)}`,
        // No map tiles: nothing outside is reachable here, and the maps must read on their outline alone.
        MAP_TILES_URL: 'none',
      },
    });
    createInterface({ input: child.stderr }).on('line', (line) => console.error(`[server ${port}] ${line}`));
    return child;
  });
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await postgres.drop();
  };
  const deadline = Date.now() + 120_000;
  try {
    await Promise.all(children.map((child, i) => healthy(`http://127.0.0.1:${firstPort + i}/api/v2/health`, deadline, child)));
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
