/**
 * `npm run fuzz -- --runs N [--seed S]`: the API fuzzer (apps/server/src/http/fuzz.*.test.ts, testing/fuzz-suite.ts) with N
 * cases per operation and role instead of `npm test`'s 50, and a random seed unless one is given (the
 * seed is printed, so a finding can be run again). `DATABASE_URL` runs it on PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    seed: { type: 'string', default: String(Math.floor(Math.random() * 2 ** 31)) },
  },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- [--runs N] [--seed S]');
  process.exit(2);
}
console.log(`fuzzing with ${runs} runs per operation and role, seed ${seed}`);
const result = spawnSync(
  'npx',
  [
    '--no-install',
    'vitest',
    'run',
    'apps/server/src/http/fuzz.1.test.ts',
    'apps/server/src/http/fuzz.2.test.ts',
    'apps/server/src/http/fuzz.3.test.ts',
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed) },
  },
);
process.exit(result.status ?? 1);
