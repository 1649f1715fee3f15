// Telemetry's face to other modules. Ingestion itself (telemetry.ingest.ts) is driven by the
// module's routes and by the demo seed.

/** An emptying recorded by a person at a visit's stop (docs/rules.md "Visits"), and the emptyings a logger reported. */
export { type EmptyingDeposit, emptyByPerson, reportedEmptyingsSince } from './ingest-cash.ts';
/** The rollups' card split and VAT computed again from the events and the card ledger (docs/rules.md, "Revenue and VAT"). */
export { recomputeRollupMoney } from './rollup-money.ts';
/** The simulator's seeded generator of numbers in [0, 1), for repeatable noise in other modules' tests. */
export { random } from './simulation.ts';
/** A batch held as implausible, counted after all when a person releases it (modules/telemetry-holds). */
/** The lock a delete of a logger or its device takes first, so that a batch being written finishes. */
/** Historical transactions from another system (the transactions import): stored like a batch, without bills or card debits. */
export { HISTORY_SEQ_BASE, ingestHistory, ingestReleased, lockLoggerAgainstIngestion } from './telemetry.ingest.ts';
