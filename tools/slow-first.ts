import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server's slowest test files, slowest first (measured on PostgreSQL, 2026-12-07: the fiscal
 * fault test 127 s, the server process 114 s, each fuzzer about 93 s, the ingestion fault test 40 s,
 * the loyalty ledger 31 s, the invalidation walk 29 s, the background demo 20 s).
 */
const SLOWEST = [
  'apps/server/src/modules/bills/bills.fault.test.ts',
  'apps/server/src/main.test.ts',
  'apps/server/src/http/fuzz.1.test.ts',
  'apps/server/src/http/fuzz.2.test.ts',
  'apps/server/src/http/fuzz.3.test.ts',
  'apps/server/src/modules/telemetry/fault.test.ts',
  'apps/server/src/demo/loyalty.ledger.test.ts',
  'apps/server/src/http/invalidation.test.ts',
  'apps/server/src/demo/seed-all.test.ts',
];

/**
 * Vitest's order, with the slowest files first within their project. Vitest runs the longest first
 * when its cache of the last run's times says which they are; on a new checkout (CI's) it has none and
 * runs the larger files first, and the fuzzers, small files, started last: three workers on two cores
 * ran them side by side at the end, 140 s with nothing else left to share the cores with.
 */
export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = SLOWEST.findIndex((slow) => file.moduleId.endsWith(slow));
      return at < 0 ? SLOWEST.length : at;
    };
    // Projects keep Vitest's order; within each, the slowest first and the rest as Vitest had them.
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    return projects.flatMap((name) =>
      sorted
        .filter((file) => file.project.name === name)
        .map((file, index) => ({ file, index }))
        .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
        .map(({ file }) => file),
    );
  }
}
