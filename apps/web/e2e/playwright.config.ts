import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../../../tools/chromium.ts';

// Playwright's own browser downloads are not used (decision 0037): without a Chromium the run stops
// here with one line that says how to get one, not with the browser's launch error in every test.
if (!existsSync(TEST_CHROMIUM_PATH)) {
  console.error(
    `The browser tests need Chromium at ${TEST_CHROMIUM_PATH}: install Debian's (apt-get install chromium chromium-headless-shell) or set CHROMIUM_PATH to a Chromium executable.`,
  );
  process.exit(1);
}

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
// E2E_PORT and WEB_DIST let two checkouts (or two people) run the suite side by side.
const PORT = Number(process.env.E2E_PORT ?? 4310);
/**
 * Workers, each with a server and database of its own (decision 0033): worker `i` (Playwright's
 * parallel index, set in the worker before it loads this file) talks to the server on PORT + i, which
 * `servers.ts` starts. Spec files go to whichever worker is free, so the two finish together.
 */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const BASE_URL = `http://127.0.0.1:${PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0)}`;

// New embedded databases per run, so every run starts from the same demo data. Workers load this
// file again; the environment variable makes them agree with the main process on the directory.
process.env.KV_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'kovanica-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One folder per port: runs side by side (README, E2E_PORT) do not clear each other's.
  outputDir: path.join(repoRoot, 'test-results', String(PORT)),
  // A spec file's tests run in order in one worker, against one database; files spread over the workers.
  workers: WORKERS,
  fullyParallel: false,
  globalSetup: './servers.ts',
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // CI's machine is shared and two workers share its two cores: a slow minute there is no failure.
  // Locally a test that needs more than 30 s is worth a look.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 7_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    // Recording a trace costs about 30% of the suite's CPU (decision 0033): CI records one only when it
    // runs a failed test again, so a failure still comes with its trace; here every failure keeps one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app registers its service worker on every page (decision 0054): in each test's new browser
    // context it would fetch the whole app shell again (some 5 MB), and answer the scripts a test
    // intercepts (`page.route` sees no request a service worker answers). `pwa.spec.ts` allows it.
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's Chromium (its headless shell when installed); Playwright's own downloads are not available here.
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
});
