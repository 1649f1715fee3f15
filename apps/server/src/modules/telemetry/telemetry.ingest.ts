import { type LoggerTransport, PLAUSIBILITY, type TelemetryAnswer, type TelemetryEvent } from '@kovanica/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { FiscalKeys } from '../../fiscal/keys.ts';
import { type Billable, issueDeviceBills } from '../bills/bills.service.ts';
import { type CardSpend, debitCardSpends } from '../card-transactions/card-transactions.service.ts';
import { zagrebMidnight } from '../month-closes/month-closes.service.ts';
import { addLateCash, closeCashPeriod, type EmptyingRow, flushEmptyings, intoBox, type LateCash, writeEmptyings } from './ingest-cash.ts';
import {
  commandOf,
  countBonus,
  countEvent,
  countPayment,
  inSpan,
  isPayment,
  locationAt,
  measure,
  type Rollup,
  Rollups,
} from './ingest-classify.ts';
import {
  type DeviceScope,
  freshOf,
  HISTORY_SEQ_BASE,
  type IngestContext,
  type IngestLogger,
  initialState,
  readContext,
  type Timed,
  timesOf,
} from './ingest-context.ts';
import { addTestPlays, clearAlarm, raiseAlarm, switchServiceMode } from './ingest-episodes.ts';
import { holdBatch, settleHeldFlag, yieldToAlarm } from './ingest-holds.ts';
import { implausibleIn } from './ingest-plausibility.ts';
import { confirmCommands, type EventRow, eventRow, insertEvents, upsertRollups, upsertState, writeBatch } from './ingest-writes.ts';

export type { IngestLogger };
export { HISTORY_SEQ_BASE };

// Ingestion in parts, each in its own file: `ingest-context.ts` reads what a batch needs (one round
// trip), `ingest-plausibility.ts` judges whether its money is plausible for the device (pure) and
// `ingest-holds.ts` holds it when it is not, `ingest-classify.ts` says what each event counts as (pure),
// `ingest-episodes.ts` opens and closes service sessions and critical episodes, `ingest-cash.ts` keeps
// the cash periods (the box, emptyings, deposits), and `ingest-writes.ts` builds the batch's one write
// statement. This file runs them in order.

/**
 * Locks a logger's row against ingestion before its events are counted for a delete (of the logger
 * or of the device it is fitted to): a batch in progress holds this row, so the delete waits for it.
 */
export const lockLoggerAgainstIngestion = (tx: Tx, loggerId: number) =>
  tx.execute(sql`select 1 from loggers where id = ${loggerId} for update`);

/**
 * Stores a batch of one logger's events and everything derived from them, in one transaction: the
 * raw events (a `(logger, seq)` already stored or held is a duplicate, acknowledged and skipped), the
 * per-device daily rollup, the device's state (service mode, critical alarm, cash in the box),
 * service sessions, critical episodes, emptyings with their deposits, and the commands the events
 * confirm, and the bills of its payments where they are fiscalized (with their numbers and ZKIs; the
 * sender fiscalizes them after the commit). Answers with the pending commands, now delivered.
 *
 * A batch whose money is implausible for its device (`implausibleIn`, docs/rules.md "Plausibility") is
 * acknowledged and stored, but held: nothing is derived from it, and the device turns critical
 * (`implausible`) until a person releases the batch (`releaseHold`: counted then, as a late batch) or
 * discards it (`discardHold`).
 *
 * Batches of one logger are serialised by a lock on the logger's row, held to the commit; deleting
 * the logger or its device locks that row first, so it waits for the batch and then sees its events.
 * A batch costs five round trips: begin, the lock, one read, one write, commit (plus one per rare
 * event that opens or closes something: a service session, an alarm, a late emptying). Emptyings
 * in time order go with the write.
 */
export function ingestBatch(
  db: Db,
  keys: FiscalKeys,
  logger: IngestLogger,
  events: readonly TelemetryEvent[],
  receivedAt = new Date(),
  /** The demo's history only: its bills issued before this are stored as CIS answered them (`issueDeviceBills`). */
  settledBefore: Date | null = null,
  /** How the batch came, kept on the logger with the time it was seen. */
  transport: LoggerTransport = 'http',
): Promise<TelemetryAnswer> {
  return ingest(db, { keys, settledBefore, now: receivedAt, transport }, logger, events, receivedAt);
}

/**
 * Counts the events of a held batch a person released (`releaseHold`), inside the caller's transaction
 * (a savepoint), as the batch would have been counted when it came (`receivedAt`, its receipt time),
 * with bills and card debits, as a late batch: not judged again, the logger not seen (it did not call),
 * its commands left as they are. `now`: when it was released (a critical flag it raises starts then).
 */
export function ingestReleased(
  tx: Tx,
  keys: FiscalKeys,
  logger: IngestLogger,
  events: readonly TelemetryEvent[],
  receivedAt: Date,
  now: Date,
) {
  return ingest(tx, { keys, settledBefore: null, now, released: true }, logger, events, receivedAt);
}

/**
 * Stores historical transactions from another system (the transactions import) exactly as a batch of
 * the logger's would be stored — events, rollups, device state, cash periods, service-mode reading —
 * with the differences history needs: **no bills** are issued (those sales were fiscalized by the
 * other system; a second bill would be a second fiscalization of one sale), **no card credit** is
 * debited (the other system kept those balances), and the logger is not marked as seen nor are its
 * pending commands delivered (it did not call). `db` may be a transaction (a savepoint is used), so
 * the import writes all or nothing with its record. Seqs at or above `HISTORY_SEQ_BASE`.
 */
export function ingestHistory(db: Db | Tx, logger: IngestLogger, events: readonly TelemetryEvent[], receivedAt = new Date()) {
  return ingest(db, { history: true, now: receivedAt }, logger, events, receivedAt);
}

/**
 * Live ingestion (a logger's batch, with the fiscal keys its bills are signed with), a held batch
 * released (`released`: not judged again, the logger not seen), or history (an import: neither judged
 * nor billed). `now`: when a device is flagged critical for a held batch.
 */
type IngestMode =
  | { keys: FiscalKeys; settledBefore: Date | null; now: Date; transport?: LoggerTransport; released?: true; history?: undefined }
  | { history: true; now: Date; released?: undefined; transport?: undefined };

async function ingest(
  db: Db | Tx,
  mode: IngestMode,
  logger: IngestLogger,
  events: readonly TelemetryEvent[],
  receivedAt: Date,
): Promise<TelemetryAnswer> {
  const { timed, clampedSeqs } = timesOf(events, receivedAt);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from loggers where id = ${logger.id} for no key update`);
    const context = await readContext(tx, logger.id, timed);
    const { fresh, duplicateSeqs } = freshOf(timed, context.known);
    // A logger's batch is judged before anything of it is counted (history is imported by a person, a held batch released by one).
    const live = !mode.history && !mode.released;
    const device = context.device;
    const implausible = live && device && fresh.length ? implausibleIn(fresh, device) : null;
    const writes = !fresh.length
      ? []
      : implausible && device
        ? await holdBatch(tx, logger, { ...context, device }, fresh, implausible, receivedAt)
        : await derive(tx, mode, logger, context, fresh, receivedAt);
    const commands = await writeBatch(tx, logger.id, writes, receivedAt, live ? (mode.transport ?? 'http') : null);
    const lastSeq = fresh.reduce<number | null>((max, t) => (max === null || t.event.seq > max ? t.event.seq : max), context.last);
    const freshSeqs = new Set(fresh.map((t) => t.event.seq));
    return {
      accepted: fresh.length,
      duplicates: duplicateSeqs.length,
      duplicateSeqs,
      clampedSeqs: clampedSeqs.filter((seq) => freshSeqs.has(seq)),
      lastSeq,
      commands,
    };
  });
}

/**
 * Applies the fresh events in time order to the device's state and rollup, runs at once what must
 * happen at once (an emptying, a session opened or closed, an alarm, then the batch's test plays,
 * confirmed commands and late cash), and answers the rest as the CTEs of the batch's one write
 * statement: the events, the rollup rows and the state.
 * Long because: the batch's events are applied in time order in one loop whose effects share the device's state; its steps are functions of their own already.
 */
async function derive(
  tx: Tx,
  mode: IngestMode,
  logger: IngestLogger,
  context: IngestContext,
  fresh: Timed[],
  receivedAt: Date,
): Promise<SQL[]> {
  const { device, placements, sessions } = context;
  if (!device) {
    // A logger fitted to no device: its events are kept, nothing is derived from them.
    return [
      insertEvents(
        logger,
        null,
        fresh.map((t) => eventRow(t, null, 0, 0, false)),
        receivedAt,
      ),
    ];
  }

  const scope: DeviceScope = { companyId: logger.companyId, deviceId: device.id };
  const state = context.state ?? initialState(device.id, logger.companyId);
  const rollups = new Rollups(context.closed);
  const rows: EventRow[] = [];
  const confirmed: number[] = [];
  const lateCash: LateCash[] = [];
  const billable: Billable[] = [];
  const spends: CardSpend[] = [];
  // The card plays counted as revenue, by sequence number: the card's debit says how much was bonus.
  const cardPlays = new Map<number, { rollup: Rollup; amountCents: number }>();
  const emptied: EmptyingRow[] = [];
  let testPlaysInSession = 0;

  for (const t of fresh) {
    const { event, at } = t;
    const locationId = locationAt(placements, at);
    const rollup = rollups.of(at, locationId);
    rollup.events += 1;
    // A late event (older than the last one applied) reads the service mode of its own time.
    const late = state.lastEventAt !== null && at < state.lastEventAt;
    const test = late ? inSpan(sessions, at) : state.serviceMode;
    const { amountCents, count } = measure(event, device.tokenValueCents);
    countEvent(rollup, event);
    const command = commandOf(event);
    if (command !== null) confirmed.push(command);

    switch (event.type) {
      case 'service_mode':
        if (await switchServiceMode(tx, scope, state, sessions, at, event.on, late, testPlaysInSession)) testPlaysInSession = 0;
        break;
      case 'alarm':
        if (event.critical && !late && event.code !== PLAUSIBILITY.code) await yieldToAlarm(tx, scope, state, at);
        if (event.critical) await raiseAlarm(tx, scope, state, at, event.code, late);
        break;
      case 'alarm_cleared':
        await clearAlarm(tx, scope, state, at, event.code, late);
        break;
      case 'emptying':
        await closeCashPeriod(tx, scope, state, at, locationId, event, emptied);
        break;
      case 'heartbeat':
        if (event.signal !== undefined) state.signal = event.signal;
        if (event.firmware !== undefined) state.firmware = event.firmware;
        break;
    }

    const payment = isPayment(event.type);
    if (payment) {
      const testPlays = countPayment(rollup, state, device, event.type, amountCents, count, test);
      if (!late) testPlaysInSession += testPlays;
      const lateShare = intoBox(state, event.type, at, amountCents, count);
      if (lateShare) lateCash.push(lateShare);
      // Money paid at the machine is billed; tokens and card credit were billed where they were sold
      // (docs/rules.md "Bills and fiscalization").
      if (!test && amountCents > 0 && (event.type === 'coin' || event.type === 'note' || event.type === 'cashless')) {
        // A payment of a closed month is billed no earlier than the first open month after it (docs/rules.md "Month close").
        const issueFrom = rollup.ofMonth === null ? undefined : zagrebMidnight(rollup.day);
        billable.push({ seq: event.seq, at, locationId, amountCents, type: event.type, ...(issueFrom ? { issueFrom } : {}) });
      }
      // A card's credit is spent whatever the mode: a test play on a card took the card's credit too.
      if (event.type === 'card') {
        spends.push({ seq: event.seq, at, locationId, uid: event.cardUid, cents: event.valueCents });
        if (!test) cardPlays.set(event.seq, { rollup, amountCents });
      }
    }
    if (!late) state.lastEventAt = at;
    rows.push(eventRow(t, locationId, amountCents, count, test && payment));
  }

  if (testPlaysInSession > 0 && state.serviceMode) await addTestPlays(tx, device.id, testPlaysInSession);
  // A device with a batch held stays critical (an alarm of its own cleared, the hold's code comes back), and only then.
  await settleHeldFlag(tx, scope, state, context.held, mode.now);
  if (confirmed.length && !mode.history) await confirmCommands(tx, logger.id, confirmed, receivedAt);
  if (lateCash.length) {
    await flushEmptyings(tx, scope, emptied); // late cash may belong to an emptying of this batch
    await addLateCash(tx, device.id, lateCash);
  }
  // History was billed and its cards debited by the system it comes from (see `ingestHistory`).
  const bills =
    context.fiscal && !mode.history
      ? await issueDeviceBills(
          tx,
          mode.keys,
          { ...scope, loggerId: logger.id },
          context.fiscal,
          context.placements,
          billable,
          mode.settledBefore,
        )
      : null;
  const debits = mode.history ? null : await debitCardSpends(tx, { ...scope, loggerId: logger.id }, spends);
  for (const [seq, bonusCents] of debits?.bonusBySeq ?? []) {
    const play = cardPlays.get(seq);
    if (play) countBonus(play.rollup, device, play.amountCents, bonusCents);
  }
  return [
    insertEvents(logger, device.id, rows, receivedAt),
    upsertRollups(logger.companyId, device.id, rollups.rows()),
    upsertState(state),
    ...(emptied.length ? [writeEmptyings(scope, emptied)] : []),
    ...(bills ? [bills] : []),
    ...(debits ? [debits.sql] : []),
  ];
}
