import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';

/**
 * The browser suite's servers (decision 0033): one per worker, each the real server on a new embedded
 * database of its own with the demo data, serving the built app (`npm run build` first). They start
 * side by side, which Playwright's `webServer` list does not do (it starts one after the other), and
 * stop when the run ends. Each server's errors reach the output prefixed with its port.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Playwright's global setup: as many servers as the run has workers, from E2E_PORT on; the teardown stops them. */
export default function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const dataDir = process.env.KV_E2E_DATA_DIR;
  if (!dataDir) throw new Error('KV_E2E_DATA_DIR is set by playwright.config.ts');
  return startServers({ firstPort: Number(process.env.E2E_PORT ?? 4310), count: config.workers, dataDir });
}

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

async function startServers({ firstPort, count, dataDir }: E2eServers): Promise<() => Promise<void>> {
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
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
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
