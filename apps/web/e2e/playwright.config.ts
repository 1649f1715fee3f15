import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../tools/chromium.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
// E2E_PORT and WEB_DIST let two checkouts (or two people) run the suite side by side.
const PORT = Number(process.env.E2E_PORT ?? 4310);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// A fresh embedded database per run, so every run starts from the same demo data. Workers load this
// file again; the environment variable makes them agree with the main process on the directory.
process.env.KV_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'kovanica-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One folder per port: runs side by side (README, E2E_PORT) do not clear each other's.
  outputDir: path.join(repoRoot, 'test-results', String(PORT)),
  // One browser at a time per run, each run with its own server and database; tools/e2e.ts runs
  // shards of the suite side by side (decision 0033).
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // CI's machine is shared and the suite runs in two shards side by side (tools/e2e.ts): a slow
  // minute there is no failure. Locally a test that needs more than 30 s is worth a look.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    // Recording a trace costs about 30% of the suite's CPU (decision 0033): CI records one only when it
    // runs a failed test again, so a failure still comes with its trace; here every failure keeps one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright's own browser downloads are not available here.
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    // The real server on an embedded database with demo data, serving the built app (npm run build first).
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `${BASE_URL}/api/v2/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.KV_E2E_DATA_DIR,
      SEED_DEMO: '1',
      // The 13-month history takes a minute to write; the browser tests send their own telemetry instead.
      SEED_HISTORY: '0',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
