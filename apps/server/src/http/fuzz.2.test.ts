import { fuzzSuite } from '../testing/fuzz-suite.ts';

// The API fuzzer, part 2 of 3 (testing/fuzz-suite.ts, decision 0009).
await fuzzSuite(2, 3);
