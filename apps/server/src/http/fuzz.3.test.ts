import { fuzzSuite } from '../testing/fuzz-suite.ts';

// The API fuzzer, part 3 of 3 (testing/fuzz-suite.ts, decision 0009).
await fuzzSuite(3, 3);
