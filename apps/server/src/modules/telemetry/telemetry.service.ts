import type { TelemetryAnswer, TelemetryBatch } from '@kovanica/contract';
import { DomainError } from '../../core/errors.ts';
import type { Transport } from '../../core/metrics.ts';
import type { Deps } from '../../deps.ts';
import { type IngestLogger, ingestBatch } from './telemetry.ingest.ts';

// Telemetry's face to other modules. Ingestion itself (telemetry.ingest.ts) is driven by the
// module's routes, by MQTT (modules/mqtt, through `receiveBatch`) and by the demo seed.

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
/** The monthly partitions of raw events made ahead and dropped past the retention (decision 0059): the partitions job's. */
export { sweepTelemetryPartitions } from './telemetry.partitions.ts';
/** Who sent a batch: the logger's id, company and IMEI. */
export type { IngestLogger };

/**
 * A logger's batch, however it came (the HTTP route or MQTT: modules/mqtt): the IMEI it names must be the
 * logger's own, then it is stored (`ingestBatch`) and what it changed is made known. Throws a
 * `DomainError` for a refused batch; answers what the logger is told.
 */
export async function receiveBatch(
  deps: Deps,
  logger: IngestLogger & { imei: string },
  batch: TelemetryBatch,
  transport: Transport,
  /** The HTTP request's id: the jobs the batch wakes log it. */
  requestId?: string,
): Promise<TelemetryAnswer> {
  if (batch.imei !== logger.imei) throw new DomainError(403, 'imei_mismatch');
  const answer = await ingestBatch(deps.db, deps.fiscalKeys, logger, batch.events, new Date(), null, transport);
  deps.metrics.ingested(transport, answer);
  // Bills the batch issued go to CIS now rather than at the next minute.
  if (answer.accepted > 0) deps.wake('fiscal-sweep', requestId);
  // A device heard again, gone critical or with a fuller box: its alarms now, not at the minute.
  deps.wake('alarm-sweep', requestId);
  deps.versions.bump('telemetry');
  deps.versions.bump('commands');
  deps.versions.bump('deposits');
  // Card spends changed balances and the ledger (decision 0023).
  if (answer.accepted > 0 && batch.events.some((e) => e.type === 'card')) {
    deps.versions.bump('loyalty-cards');
    deps.versions.bump('card-transactions');
  }
  return answer;
}
