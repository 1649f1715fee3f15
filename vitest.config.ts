import { defineConfig } from 'vitest/config';
import SlowFirst from './tools/slow-first.ts';

// One runner for the contract, the server (against a real database), the web app's unit tests and
// the checks of the repository itself (tools/).
export default defineConfig({
  test: {
    // The server's tests wait mostly on PostgreSQL: three files at a time keep two cores busy
    // (the default, one fewer than the cores, left one of them idle).
    maxWorkers: 3,
    // The slowest files first, also on a checkout without Vitest's cache of times (CI's).
    sequence: { sequencer: SlowFirst },
    projects: [
      // The contract's and the web's tests include long loops (every hour of four years against the
      // time-zone database, every route's module): beside the server's tests and CI's other legs on two
      // cores they took past the default 5 s. What they check is not time.
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          // A worker imports the server once for all the files it runs, not once per file: importing it
          // was half of the unit suite's CPU (decision 0036). Each file still has an app and a database
          // of its own (testing/app.ts); the server keeps no state in a module that a second app in the
          // same process could see (tools/isolation.test.ts).
          isolate: false,
          // As the browser tests: CI runs a failed test once more (its machine is shared and loaded), and
          // a test that passes only then still prints the unhandled error of its first try (testing/app.ts).
          retry: process.env.CI ? 1 : 0,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      // Checks of the repository itself (the boundaries lint refuses).
      { test: { name: 'tools', include: ['tools/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
    ],
  },
});
